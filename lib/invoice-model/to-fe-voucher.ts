import { amountFormatProblems } from './arca-formats';
import type { FeAssociatedVoucher, FeTaxLine, FeVoucher } from '@/lib/arca';
import { arcaDate } from './arca-date';
import { calculateInvoice } from './calculate-invoice';
import { chooseConcept } from './choose-concept';
import { currencyCode } from './currency-code';
import { saleTerms } from './sale-terms';
import { customerDocument } from './customer-document';
import { Money } from './decimal';
import { parseInvoice } from './parse-invoice';
import { voucherClassOf } from './voucher-class';
import { voucherHeader, type InvoicingSupplier } from './voucher-header';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';

/**
 * A final consumer must be identified from this amount in pesos (RG 5700/2025, from RG 1415's
 * annex): below it ARCA takes DocTipo 99 / DocNro 0.
 */
export const IDENTIFICATION_THRESHOLD = 10_000_000;

// ARCA's own names (FEParamGetTiposTributos), sent as the Tributo's Desc when the charge has no reason.
const TAX_TYPE_NAMES: Record<number, string> = {
  1: 'Impuestos nacionales',
  2: 'Impuestos provinciales',
  3: 'Impuestos municipales',
  4: 'Impuestos Internos',
  5: 'Ingresos Brutos',
  6: 'Percepción de IVA',
  7: 'Percepción de IIBB',
  8: 'Percepciones por Impuestos Municipales',
  9: 'Otras Percepciones',
  13: 'Percepción de IVA a no Categorizado',
  99: 'Otros',
};

/**
 * Maps a GOBL invoice to the FECAESolicitar voucher it is sent as (every field but its number), or
 * answers every problem found, each naming the field. The point of sale is the invoice entry's
 * series; the supplier's CUIT and regime come from its registration.
 */
export function toFeVoucher(
  data: unknown,
  supplier: InvoicingSupplier,
  pointOfSale: number,
): InvoiceResult<FeVoucher> {
  const parsed = parseInvoice(data);
  if (!parsed.ok) return parsed;
  const invoice = parsed.value;
  const problems: InvoiceProblem[] = [];
  const take = <T>(result: InvoiceResult<T>): T | undefined => {
    if (result.ok) return result.value;
    problems.push(...result.problems);
    return undefined;
  };

  const { supplierCuit, vatStatus, voucherType } = voucherHeader(
    invoice,
    supplier,
    pointOfSale,
    problems,
  );
  const voucherClass =
    voucherType !== undefined ? voucherClassOf(voucherType)!.voucherClass : undefined;
  // Factura T is issued through ARCA's WSCT web service, not WSFEv1.
  if (voucherClass === 'T')
    problems.push({ path: 'tax.ext.ar-arca-doc-type', code: 'voucher_type_not_wsfe' });
  const document =
    voucherClass !== undefined ? take(customerDocument(invoice.customer, voucherClass)) : undefined;

  const concept = chooseConcept(invoice.lines);
  const givenConcept = invoice.tax?.ext?.['ar-arca-concept'];
  if (givenConcept !== undefined && Number(givenConcept) !== concept)
    problems.push({ path: 'tax.ext.ar-arca-concept', code: 'concept_mismatch' });
  const { period, dueDate, exchangeRate: rate } = saleTerms(invoice);
  if (concept !== 1) {
    if (!period) problems.push({ path: 'ordering.period', code: 'service_period_required' });
    if (!dueDate)
      problems.push({ path: 'payment.terms.due_dates', code: 'service_due_date_required' });
  } else if (invoice.payment?.terms?.due_dates?.length) {
    problems.push({ path: 'payment.terms.due_dates', code: 'goods_due_date_not_allowed' });
  }
  if (period && period.end < period.start)
    problems.push({ path: 'ordering.period.end', code: 'period_reversed' });

  const preceding = invoice.preceding ?? [];
  if ((invoice.type === 'credit-note' || invoice.type === 'debit-note') && preceding.length === 0)
    problems.push({ path: 'preceding', code: 'preceding_required' });
  if (invoice.type === 'standard' && preceding.length > 0)
    problems.push({ path: 'preceding', code: 'preceding_not_allowed' });

  invoice.lines.forEach((line, i) => {
    const hasTaxes = (line.taxes ?? []).length > 0;
    if (voucherClass === 'C' && hasTaxes)
      problems.push({ path: `lines[${i}].taxes`, code: 'type_c_line_taxes' });
    if (voucherClass !== 'C' && !hasTaxes)
      problems.push({ path: `lines[${i}].taxes`, code: 'vat_required' });
  });
  // WSFE carries other taxes (Tributos) but no surcharge or discount on the whole voucher.
  (invoice.charges ?? []).forEach((charge, i) => {
    if (charge.key !== 'tax' || charge.taxes !== undefined)
      problems.push({ path: `charges[${i}]`, code: 'charge_not_supported' });
    else if (charge.ext?.['ar-arca-tax-type'] === '99' && !charge.reason?.trim())
      problems.push({ path: `charges[${i}].reason`, code: 'required' });
  });
  (invoice.discounts ?? []).forEach((_, i) =>
    problems.push({ path: `discounts[${i}]`, code: 'discount_not_supported' }),
  );

  const monId = currencyCode(invoice.currency);
  let monCotiz = '1';
  if (monId === undefined) problems.push({ path: 'currency', code: 'currency_unsupported' });
  else if (monId !== 'PES') {
    if (!rate) problems.push({ path: 'exchange_rates', code: 'exchange_rate_required' });
    else monCotiz = new Money(rate.amount).toFixed();
  }

  const calculation = take(calculateInvoice(invoice));
  // decimal.js counts zero as positive: a zero total must be refused too.
  if (calculation && !new Money(calculation.total).gt(0))
    problems.push({ path: 'lines', code: 'total_not_positive' });
  if (
    calculation &&
    document?.DocTipo === 99 &&
    new Money(calculation.total).times(monCotiz).gte(IDENTIFICATION_THRESHOLD)
  )
    problems.push({ path: 'customer', code: 'identity_threshold' });
  if (
    problems.length > 0 ||
    !calculation ||
    voucherType === undefined ||
    !document ||
    vatStatus === undefined ||
    !monId ||
    supplierCuit === undefined
  ) {
    return { ok: false, problems };
  }

  const zero = '0.00';
  const classC = voucherClass === 'C';
  const tributos: FeTaxLine[] = calculation.charges.map((c) => ({
    Id: c.taxType!,
    Desc: c.reason ?? TAX_TYPE_NAMES[c.taxType!]!,
    BaseImp: c.base,
    Alic: new Money(c.percent ?? 0).toFixed(2),
    Importe: c.amount,
  }));
  const cbtesAsoc: FeAssociatedVoucher[] = preceding.map((p) => ({
    Tipo: Number(p.ext?.['ar-arca-doc-type']),
    PtoVta: Number(p.series),
    Nro: Number(p.code),
    // With its date, ARCA can check the associated voucher; its issuer is always this supplier.
    ...(p.issue_date ? { Cuit: supplierCuit, CbteFch: arcaDate(p.issue_date) } : {}),
  }));

  const voucher: FeVoucher = {
    PtoVta: pointOfSale,
    CbteTipo: voucherType,
    Concepto: concept,
    DocTipo: document.DocTipo,
    DocNro: document.DocNro,
    CbteFch: arcaDate(invoice.issue_date),
    ImpTotal: calculation.total,
    ImpTotConc: classC ? zero : calculation.notTaxed,
    ImpNeto: classC ? calculation.sum : calculation.taxed,
    ImpOpEx: classC ? zero : calculation.exempt,
    ImpTrib: calculation.chargesTotal,
    ImpIVA: classC ? zero : calculation.vatTotal,
    ...(concept !== 1
      ? {
          FchServDesde: arcaDate(period!.start),
          FchServHasta: arcaDate(period!.end),
          FchVtoPago: arcaDate(dueDate!),
        }
      : {}),
    MonId: monId,
    MonCotiz: monCotiz,
    CondicionIVAReceptorId: Number(vatStatus),
    ...(cbtesAsoc.length > 0 ? { CbtesAsoc: cbtesAsoc } : {}),
    ...(tributos.length > 0 ? { Tributos: tributos } : {}),
    ...(!classC && calculation.vat.length > 0
      ? { Iva: calculation.vat.map((v) => ({ Id: v.rateId, BaseImp: v.base, Importe: v.amount })) }
      : {}),
  };
  const tooLarge = amountFormatProblems(voucher);
  if (tooLarge.length > 0) return { ok: false, problems: tooLarge };
  return { ok: true, value: voucher };
}
