import type { CtAssociatedVoucher, CtItem, CtTaxLine, CtVoucher, CtVoucherType } from '@/lib/arca';
import { normalizeCuit, validateCuit } from '@/lib/arca';
import { arcaCountryCode } from './arca-country-code';
import { calculateInvoice } from './calculate-invoice';
import { currencyCode } from './currency-code';
import { Money, toCents } from './decimal';
import { formatPath } from './format-path';
import type { GoblInvoice } from './invoice-schema';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';
import { isObject } from './json';
import { parseInvoice } from './parse-invoice';
import { saleTerms } from './sale-terms';
import { voucherClassOf } from './voucher-class';
import { voucherHeader, type InvoicingSupplier } from './voucher-header';

// A Factura T line carries IVA at 21 % only (GOBL's rule 28, ar-arca-vat-rate 5).
const T_VAT_RATE_ID = 5;
const T_VAT = new Money('0.21');
// The addon's charge for the IVA refunded to a foreign tourist (Decreto 1043/2016), negative.
const VAT_REFUND = 'vat-refund';
// WSCT's item type for an ordinary line (consultarTiposItem).
const GENERAL_ITEM = 0;
const ARCA_AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;

type Json = Record<string, unknown>;

/**
 * Maps a built GOBL Factura T (doc type 195, 196 or 197) to the WSCT autorizarComprobante voucher
 * (every field but its number), or answers every problem found, each naming the field. As WSFE's
 * `toFeVoucher`: the point of sale is the entry's series; the supplier's CUIT and regime come from
 * its registration.
 *
 * Amounts: each line's `importeItem` includes its IVA (as in the request pyafipws recorded), with
 * `tax.prices_include: "VAT"` the line totals already do; `importeGravado` and the IVA subtotal are
 * the built document's rate totals (`calculateInvoice`, GOBL's rounding). `importeReintegro` is minus the IVA, the `vat-refund` charge GOBL's build
 * adds to a Factura T; a `vat-refund` charge whose amount is not that is refused.
 */
export function toCtVoucher(
  data: unknown,
  supplier: InvoicingSupplier,
  pointOfSale: number,
): InvoiceResult<CtVoucher> {
  const problems: InvoiceProblem[] = [];
  // GOBL's built Factura T carries the refund as a negative charge: read it here, not as a surcharge.
  const given = isObject(data) ? (data as Json) : {};
  const charges = Array.isArray(given.charges) ? (given.charges as unknown[]) : [];
  const refunds = charges
    .map((c, i) => ({ charge: c, i }))
    .filter(({ charge }) => isObject(charge) && (charge as Json).key === VAT_REFUND);
  const others = charges.filter((c) => !(isObject(c) && (c as Json).key === VAT_REFUND));
  const parsed = parseInvoice(
    isObject(data) ? { ...given, ...(charges.length ? { charges: others } : {}) } : data,
  );
  if (!parsed.ok) return parsed;
  const invoice = parsed.value;
  const take = <T>(result: InvoiceResult<T>): T | undefined => {
    if (result.ok) return result.value;
    problems.push(...result.problems);
    return undefined;
  };

  const { vatStatus, voucherType } = voucherHeader(invoice, supplier, pointOfSale, problems);
  if (voucherType !== undefined && voucherClassOf(voucherType)?.voucherClass !== 'T')
    problems.push({ path: 'tax.ext.ar-arca-doc-type', code: 'voucher_type_not_wsct' });

  const relation = invoice.tax?.ext?.['ar-arca-tourism-type'];
  if (relation === undefined)
    problems.push({ path: 'tax.ext.ar-arca-tourism-type', code: 'tourism_type_required' });
  const document = receiverDocument(invoice.customer, problems);
  const address = invoice.customer?.addresses?.[0];
  if (invoice.customer && !address)
    problems.push({ path: 'customer.addresses', code: 'tourism_customer_address_required' });
  const countryCode = arcaCountryCode(address?.country ?? invoice.customer?.tax_id?.country);
  if (address && countryCode === undefined)
    problems.push({
      path: address.country ? 'customer.addresses[0].country' : 'customer.addresses[0]',
      code: 'tourism_country_unsupported',
    });

  const preceding = invoice.preceding ?? [];
  if ((invoice.type === 'credit-note' || invoice.type === 'debit-note') && preceding.length === 0)
    problems.push({ path: 'preceding', code: 'preceding_required' });
  if (invoice.type === 'standard' && preceding.length > 0)
    problems.push({ path: 'preceding', code: 'preceding_not_allowed' });

  const pricesIncludeVat = invoice.tax?.prices_include === 'VAT';
  const tourismItems: number[] = [];
  invoice.lines.forEach((line, i) => {
    const taxes = line.taxes ?? [];
    if (taxes.length === 0) problems.push({ path: `lines[${i}].taxes`, code: 'vat_required' });
    taxes.forEach((combo, j) => {
      const ext = combo.ext ?? {};
      if (ext['ar-arca-tourism-item'] === undefined)
        problems.push({
          path: `lines[${i}].taxes[${j}].ext.ar-arca-tourism-item`,
          code: 'tourism_item_required',
        });
      else if (j === 0) tourismItems[i] = Number(ext['ar-arca-tourism-item']);
      if (ext['ar-arca-vat-rate'] !== String(T_VAT_RATE_ID))
        problems.push({
          path: `lines[${i}].taxes[${j}].ext.ar-arca-vat-rate`,
          code: 'tourism_vat_rate',
        });
    });
  });
  (invoice.charges ?? []).forEach((charge, i) => {
    const at = charges.indexOf(others[i]);
    if (charge.key !== 'tax' || charge.taxes !== undefined || pricesIncludeVat)
      problems.push({ path: `charges[${at}]`, code: 'charge_not_supported' });
  });
  (invoice.discounts ?? []).forEach((_, i) =>
    problems.push({ path: `discounts[${i}]`, code: 'discount_not_supported' }),
  );

  const monId = currencyCode(invoice.currency);
  let monCotiz = '1';
  if (monId === undefined) problems.push({ path: 'currency', code: 'currency_unsupported' });
  else if (monId !== 'PES') {
    const rate = saleTerms(invoice).exchangeRate;
    if (!rate) problems.push({ path: 'exchange_rates', code: 'exchange_rate_required' });
    else monCotiz = new Money(rate.amount).toFixed();
  }

  const calculation = take(calculateInvoice(invoice));
  if (calculation && !new Money(calculation.total).gt(0))
    problems.push({ path: 'lines', code: 'total_not_positive' });
  if (
    problems.length > 0 ||
    !calculation ||
    voucherType === undefined ||
    !document ||
    vatStatus === undefined ||
    countryCode === undefined ||
    !address ||
    !monId
  )
    return { ok: false, problems };

  // Each line's amount with its IVA; the gravado and IVA are the built document's rate totals.
  const items: CtItem[] = invoice.lines.map((line, i) => {
    const { total, net, vatIncluded } = calculation.lines[i]!;
    const gross = vatIncluded ? new Money(total) : new Money(net).times(T_VAT.plus(1));
    return {
      tipo: GENERAL_ITEM,
      codigoTurismo: tourismItems[i]!,
      ...(line.item.ref ? { codigo: line.item.ref } : {}),
      descripcion: line.item.name,
      codigoAlicuotaIVA: T_VAT_RATE_ID,
      importeIVA: toCents(gross.minus(net)),
      importeItem: toCents(gross),
    };
  });
  const taxed = new Money(calculation.taxed);
  const vat = new Money(calculation.vatTotal);
  const refund = vat.negated();
  refunds.forEach(({ charge, i }) => {
    const amount = (charge as Json).amount;
    if (typeof amount === 'string' && !new Money(amount).eq(refund))
      problems.push({ path: `charges[${i}].amount`, code: 'tourism_refund_mismatch' });
  });
  if (problems.length > 0) return { ok: false, problems };

  const tributos: CtTaxLine[] = calculation.charges.map((c) => ({
    codigo: c.taxType!,
    descripcion: c.reason ?? 'Otros',
    baseImponible: c.base,
    importe: c.amount,
  }));
  const otherTaxes = new Money(calculation.chargesTotal);
  const associated: CtAssociatedVoucher[] = preceding.map((p) => ({
    codigoTipoComprobante: Number(p.ext?.['ar-arca-doc-type']),
    numeroPuntoVenta: Number(p.series),
    numeroComprobante: Number(p.code),
  }));
  const voucher: CtVoucher = {
    codigoTipoComprobante: voucherType as CtVoucherType,
    numeroPuntoVenta: pointOfSale,
    fechaEmision: invoice.issue_date,
    codigoTipoAutorizacion: 'E',
    codigoTipoDocumento: document.type,
    numeroDocumento: document.number,
    idImpositivo: vatStatus,
    codigoPais: countryCode,
    domicilioReceptor: addressLine(address),
    codigoRelacionEmisorReceptor: Number(relation),
    importeGravado: toCents(taxed),
    importeNoGravado: '0.00',
    importeExento: '0.00',
    ...(tributos.length ? { importeOtrosTributos: toCents(otherTaxes) } : {}),
    importeReintegro: toCents(refund),
    importeTotal: toCents(taxed.plus(vat).plus(otherTaxes).plus(refund)),
    codigoMoneda: monId,
    cotizacionMoneda: monCotiz,
    ...(associated.length ? { arrayComprobantesAsociados: associated } : {}),
    arrayItems: items,
    ...(tributos.length ? { arrayOtrosTributos: tributos } : {}),
    arraySubtotalesIVA: [{ codigo: T_VAT_RATE_ID, importe: toCents(vat) }],
  };
  // WSCT's amounts, as WSFE's, take at most 13 integer digits.
  const amounts = [
    voucher.importeTotal,
    voucher.importeGravado,
    ...items.map((i) => i.importeItem),
  ];
  if (!amounts.every((a) => ARCA_AMOUNT.test(a)))
    return { ok: false, problems: [{ path: 'totals.total_with_tax', code: 'amount_too_large' }] };
  return { ok: true, value: voucher };
}

/**
 * The receiver's document for WSCT: an Argentine tax ID → 80; otherwise the first identity with
 * `ar-arca-identity-type` (a CUIT país as 80, 91 foreign CI, 94 passport …). A Factura T always
 * names its receiver (GOBL's rule 10). Unlike WSFE's DocNro, a passport's letters are kept.
 */
function receiverDocument(
  customer: GoblInvoice['customer'],
  problems: InvoiceProblem[],
): { type: number; number: string } | undefined {
  if (!customer) {
    problems.push({ path: 'customer', code: 'customer_required' });
    return undefined;
  }
  if (customer.tax_id?.country === 'AR') {
    const checked = validateCuit(customer.tax_id.code);
    if (checked.ok) return { type: 80, number: checked.cuit };
    problems.push({ path: 'customer.tax_id.code', code: 'cuit_invalid' });
    return undefined;
  }
  const index = (customer.identities ?? []).findIndex(
    (id) => id.ext?.['ar-arca-identity-type'] !== undefined,
  );
  const identity = index >= 0 ? customer.identities![index]! : undefined;
  if (!identity || identity.ext!['ar-arca-identity-type'] === '99') {
    problems.push({ path: 'customer', code: 'customer_document_required' });
    return undefined;
  }
  const type = Number(identity.ext!['ar-arca-identity-type']);
  const path = formatPath(['customer', 'identities', index, 'code']);
  if (type === 80 || type === 86) {
    const digits = normalizeCuit(identity.code);
    if (/^\d{11}$/.test(digits)) return { type, number: digits };
    problems.push({ path, code: 'cuit_invalid' });
    return undefined;
  }
  const number = identity.code.replace(/[\s.-]/g, '').toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(number)) {
    problems.push({ path, code: 'document_number_invalid' });
    return undefined;
  }
  return { type, number };
}

/** One line, as a person writes an address: "Calle Mayor 10, 28013 Madrid". */
function addressLine(
  address: NonNullable<GoblInvoice['customer']>['addresses'] extends (infer A)[] | undefined
    ? A
    : never,
): string {
  const street = [address.street, address.num].filter(Boolean).join(' ');
  const place = [address.code, address.locality].filter(Boolean).join(' ');
  return [street, address.street_extra, place, address.region]
    .filter((part) => part && part.trim())
    .join(', ')
    .slice(0, 300);
}
