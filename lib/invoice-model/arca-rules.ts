import { validateCuit } from '@/lib/arca';
import type { Regime } from '@/lib/registration';
import { chooseVoucherType } from './choose-voucher-type';
import { goblInvoiceRule, type InvoiceProblem } from './invoice-problem';
import { voucherClassOf } from './voucher-class';
import { isObject } from './json';

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] =>
  Array.isArray(value) ? (value.filter(isObject) as Json[]) : [];
const extOf = (value: unknown): Record<string, unknown> =>
  isObject(value) && isObject(value.ext) ? value.ext : {};

/**
 * GOBL's rules for an Argentine invoice (`ar.json`, and `ar-arca.json` with the `ar-arca-v4` addon),
 * run on the built document: each problem carries its rule id. Where ARCA accepts what GOBL's rule
 * refuses (a class B or C voucher, or 49, to a customer identified by name only, or with none, below
 * ARCA's identification threshold; exempt and not-taxed lines), ARCA's rule is applied instead, in
 * the WSFE mapping (docs/invoicing.md lists each difference).
 */
export function arcaRules(doc: Json, { addon, regime }: { addon: boolean; regime?: Regime }) {
  const problems: InvoiceProblem[] = [];
  const add = (path: string, code: InvoiceProblem['code'], rule: string) =>
    problems.push({ path, code, rule });

  const supplier = isObject(doc.supplier) ? doc.supplier : {};
  if (!isObject(supplier.tax_id)) add('supplier.tax_id', 'required', 'GOBL-AR-BILL-INVOICE-01');
  for (const party of ['supplier', 'customer'] as const) {
    const taxId = isObject(doc[party]) ? (doc[party] as Json).tax_id : undefined;
    if (isObject(taxId) && taxId.country === 'AR' && typeof taxId.code === 'string')
      if (!validateCuit(taxId.code).ok)
        add(`${party}.tax_id.code`, 'cuit_invalid', 'GOBL-AR-TAX-IDENTITY-01');
  }
  if (!addon) return problems;

  const tax = isObject(doc.tax) ? doc.tax : undefined;
  const taxExt = extOf(tax);
  const docTypeCode =
    typeof taxExt['ar-arca-doc-type'] === 'string' ? taxExt['ar-arca-doc-type'] : undefined;
  const docType = docTypeCode !== undefined ? voucherClassOf(Number(docTypeCode)) : undefined;
  const voucherClass = docType?.voucherClass;
  const customer = isObject(doc.customer) ? doc.customer : undefined;
  const vatStatus = customer
    ? (extOf(customer)['ar-arca-vat-status'] as string | undefined)
    : undefined;
  const concept = taxExt['ar-arca-concept'];
  const type = typeof doc.type === 'string' ? doc.type : 'standard';

  const currency = typeof doc.currency === 'string' ? doc.currency : 'ARS';
  if (
    currency !== 'ARS' &&
    !list(doc.exchange_rates).some((r) => r.from === currency && r.to === 'ARS')
  )
    add('exchange_rates', 'exchange_rate_required', goblInvoiceRule(24));

  // Rule 02 (the series' range) is the invoice schema's own check, read before the rules run (buildInvoice).
  if (doc.series === undefined) add('series', 'series_required', goblInvoiceRule(1));

  if (!tax) add('tax', 'required', goblInvoiceRule(3));
  else if (docTypeCode === undefined)
    add('tax.ext.ar-arca-doc-type', 'required', goblInvoiceRule(4));
  else {
    const checked = chooseVoucherType({
      invoiceType: type as 'standard',
      regime,
      monotaxTag: hasMonotaxTag(doc),
      customerVatStatus: vatStatus,
      docType: docTypeCode,
    });
    if (!checked.ok) problems.push(...checked.problems);
  }

  // Classes B and C, and 49, may go to an unidentified final consumer (ARCA; GOBL: B and 49 only).
  if (!customer && voucherClass && !['B', 'C', 'used-goods'].includes(voucherClass))
    add('customer', 'customer_required', goblInvoiceRule(9));
  if (
    customer &&
    (voucherClass === 'A' || voucherClass === 'T') &&
    !isObject(customer.tax_id) &&
    !list(customer.identities).some((i) => extOf(i)['ar-arca-identity-type'] !== undefined)
  )
    add('customer', 'customer_tax_id_or_identity_required', goblInvoiceRule(10));
  if (customer && vatStatus === undefined)
    add('customer.ext.ar-arca-vat-status', 'required', goblInvoiceRule(11));

  const tourism = voucherClass === 'T';
  const lines = list(doc.lines);
  if (!tourism && (concept === '2' || concept === '3')) {
    const ordering = isObject(doc.ordering) ? doc.ordering : undefined;
    const payment = isObject(doc.payment) ? doc.payment : undefined;
    const terms = payment && isObject(payment.terms) ? payment.terms : undefined;
    if (!ordering) add('ordering', 'service_period_required', goblInvoiceRule(15));
    else if (!isObject(ordering.period))
      add('ordering.period', 'service_period_required', goblInvoiceRule(16));
    if (!payment) add('payment', 'service_due_date_required', goblInvoiceRule(17));
    else if (!terms) add('payment.terms', 'service_due_date_required', goblInvoiceRule(18));
    else if (list(terms.due_dates).length === 0)
      add('payment.terms.due_dates', 'service_due_date_required', goblInvoiceRule(19));
  }
  if (!tourism && concept === '1') {
    const payment = isObject(doc.payment) ? doc.payment : {};
    const terms = isObject(payment.terms) ? payment.terms : {};
    if (list(terms.due_dates).length > 0)
      add('payment.terms.due_dates', 'goods_due_date_not_allowed', goblInvoiceRule(20));
  }

  const preceding = list(doc.preceding);
  if ((type === 'credit-note' || type === 'debit-note') && preceding.length === 0)
    add('preceding', 'preceding_required', goblInvoiceRule(21));
  preceding.forEach((p, i) => {
    if (extOf(p)['ar-arca-doc-type'] === undefined)
      add(`preceding[${i}].ext.ar-arca-doc-type`, 'required', goblInvoiceRule(22));
  });

  lines.forEach((line, i) => {
    const combos = list(line.taxes);
    if (voucherClass === 'C' && combos.length > 0)
      add(`lines[${i}].taxes`, 'type_c_line_taxes', goblInvoiceRule(23));
    if (tourism && combos.length === 0)
      add(`lines[${i}].taxes`, 'vat_required', goblInvoiceRule(29));
    combos.forEach((combo, j) => {
      const ext = extOf(combo);
      const at = `lines[${i}].taxes[${j}]`;
      if (tourism && ext['ar-arca-tourism-item'] === undefined)
        add(`${at}.ext.ar-arca-tourism-item`, 'tourism_item_required', goblInvoiceRule(26));
      if (tourism && ext['ar-arca-vat-rate'] !== '5')
        add(`${at}.ext.ar-arca-vat-rate`, 'tourism_vat_rate', goblInvoiceRule(28));
      // ARCA takes exempt and not-taxed amounts without an IVA rate (ImpOpEx, ImpTotConc).
      const rateless = combo.key === 'exempt' || combo.key === 'outside-scope';
      if (combo.cat === 'VAT' && !rateless && ext['ar-arca-vat-rate'] === undefined && !tourism)
        add(`${at}.ext.ar-arca-vat-rate`, 'vat_rate_unsupported', 'GOBL-AR-ARCA-TAX-COMBO-01');
    });
  });
  if (tourism) {
    if (taxExt['ar-arca-tourism-type'] === undefined)
      add('tax.ext.ar-arca-tourism-type', 'tourism_type_required', goblInvoiceRule(25));
    if (customer && list(customer.addresses).length === 0)
      add('customer.addresses', 'tourism_customer_address_required', goblInvoiceRule(27));
    list(doc.discounts).forEach((d, i) => {
      if (extOf(d)['ar-arca-tourism-item'] === undefined)
        add(
          `discounts[${i}].ext.ar-arca-tourism-item`,
          'tourism_item_required',
          goblInvoiceRule(30),
        );
    });
    const payment = isObject(doc.payment) ? doc.payment : {};
    list(payment.advances).forEach((a, i) => {
      if (extOf(a)['ar-arca-tourism-item'] === undefined)
        add(
          `payment.advances[${i}].ext.ar-arca-tourism-item`,
          'tourism_item_required',
          goblInvoiceRule(31),
        );
    });
  }

  list(doc.charges).forEach((charge, i) => {
    const taxType = extOf(charge)['ar-arca-tax-type'];
    if (charge.key === 'tax' && taxType === undefined)
      add(`charges[${i}].ext.ar-arca-tax-type`, 'tax_type_required', 'GOBL-AR-ARCA-BILL-CHARGE-01');
    if (taxType !== undefined && charge.percent === undefined)
      add(`charges[${i}].percent`, 'required', 'GOBL-AR-ARCA-BILL-CHARGE-02');
    if (taxType === '99' && !(typeof charge.reason === 'string' && charge.reason.trim()))
      add(`charges[${i}].reason`, 'required', 'GOBL-AR-ARCA-BILL-CHARGE-03');
  });
  return problems;
}

export const hasMonotaxTag = (doc: Json) =>
  Array.isArray(doc.$tags) && (doc.$tags as unknown[]).includes('monotax');
