import { useTranslations } from 'next-intl';
import { voucherClassOf } from '@/lib/invoice-model';

const KEYS = {
  standard: 'standard',
  'debit-note': 'debitNote',
  'credit-note': 'creditNote',
  other: 'usedGoods',
} as const;

/** The message key and class of a WSFE voucher type (6 → standard, B); undefined for others. */
export function voucherTypeName(voucherType: number | null) {
  const known = voucherType === null ? undefined : voucherClassOf(voucherType);
  return known ? { key: KEYS[known.invoiceType], voucherClass: known.voucherClass } : undefined;
}

/** A WSFE voucher type by name (6 → Factura B); before ARCA sets it, "se define al enviar". */
export function VoucherTypeLabel({ voucherType }: { voucherType: number | null }) {
  const t = useTranslations('console.invoices');
  const name = voucherTypeName(voucherType);
  if (!name) return <>{voucherType === null ? t('typeUnset') : voucherType}</>;
  return <>{t(`voucherTypes.${name.key}`, { class: name.voucherClass })}</>;
}
