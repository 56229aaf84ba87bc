import { voucherLayout } from '@/lib/invoice-print';
import { invoiceDetail } from './invoice-detail';
import { approved, facturaBFinalConsumer } from './voucher-docs';

/** An approved Factura B to a final consumer with `lines` lines of one article each, laid out in Spanish. */
export const voucherOfLines = (lines: number, watermark?: string) =>
  voucherLayout(
    invoiceDetail(
      {
        ...facturaBFinalConsumer,
        lines: Array.from({ length: lines }, (_, i) => ({
          quantity: '1',
          item: { name: `Artículo ${i + 1}`, price: '10', key: 'goods' },
          taxes: [{ cat: 'VAT', rate: 'general' }],
        })),
      },
      { regime: 'responsable_inscripto', approved },
    ),
    { locale: 'es', environment: 'sandbox', watermark },
  );
