import { describe, expect, it } from 'vitest';
import type { NumberedFeVoucher } from '@/lib/arca';
import { approvalDifferences } from '@/lib/invoices/verify-approval';

const sent = {
  PtoVta: 2,
  CbteTipo: 6,
  CbteNro: 701,
  CbteFch: '20261128',
} as NumberedFeVoucher;
const exact = {
  cuit: '20123456786',
  pointOfSale: 2,
  voucherType: 6,
  number: 701,
  numberTo: 701,
  date: '20261128',
  caeExpiry: '20261208',
};

describe('approvalDifferences', () => {
  it('none when ARCA approved exactly the voucher sent', () => {
    expect(approvalDifferences(exact, sent, '20123456786')).toEqual([]);
  });

  it('names each field that differs, with both values', () => {
    const claim = { ...exact, pointOfSale: 4000, number: 79, numberTo: 80, cuit: null };
    expect(approvalDifferences(claim, sent, '20123456786')).toEqual([
      { field: 'Cuit', sent: '20123456786', answered: '(none)' },
      { field: 'PtoVta', sent: '2', answered: '4000' },
      { field: 'CbteDesde', sent: '701', answered: '79' },
      { field: 'CbteHasta', sent: '701', answered: '80' },
    ]);
  });

  it('a CAE expiring before the voucher date, but not on it', () => {
    expect(approvalDifferences({ ...exact, caeExpiry: '20261127' }, sent, '20123456786')).toEqual([
      { field: 'CAEFchVto', sent: '≥ 20261128', answered: '20261127' },
    ]);
    expect(approvalDifferences({ ...exact, caeExpiry: '20261128' }, sent, '20123456786')).toEqual(
      [],
    );
  });
});
