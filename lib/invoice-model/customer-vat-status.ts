import type { Regime } from '@/lib/registration';
import type { GoblInvoice } from './invoice-schema';
import type { InvoiceResult } from './invoice-problem';

// The IVA conditions each kind of customer may have, the first being the default (GOBL's addon
// normalises `ar-arca-vat-status` the same way).
const WITHOUT_TAX_ID = ['5', '4', '7', '10', '15'];
const FOREIGN = ['9', '8'];
// GOBL leaves 5 out for a CUIT; ARCA approves it (a recorded Factura C to a CUIT as final consumer), so it stays.
const ARGENTINE = ['1', '6', '13', '16', '4', '5', '7', '10', '15'];

/**
 * The customer's IVA condition, sent as CondicionIVAReceptorId on every voucher (ARCA answers 10246
 * when it is missing, 10242 when it does not fit the customer). No customer: final consumer (5).
 */
export function customerVatStatus(customer: GoblInvoice['customer']): InvoiceResult<string> {
  if (!customer) return { ok: true, value: '5' };
  const allowed = !customer.tax_id
    ? WITHOUT_TAX_ID
    : customer.tax_id.country === 'AR'
      ? ARGENTINE
      : FOREIGN;
  const given = customer.ext?.['ar-arca-vat-status'];
  if (given === undefined) return { ok: true, value: allowed[0]! };
  if (!allowed.includes(given))
    return {
      ok: false,
      problems: [{ path: 'customer.ext.ar-arca-vat-status', code: 'vat_status_not_for_customer' }],
    };
  return { ok: true, value: given };
}

// The supplier's own condition as ARCA's catalogue (FEParamGetCondicionIvaReceptor) names it.
const REGIME_VAT_STATUS: Record<Regime, string> = {
  responsable_inscripto: '1',
  monotributista: '6',
  exento: '4',
};

/** The supplier's IVA condition, printed on its vouchers, from the regime its registration holds. */
export const supplierVatStatus = (regime: Regime): string => REGIME_VAT_STATUS[regime];
