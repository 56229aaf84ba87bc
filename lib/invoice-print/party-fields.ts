import { formatCuit } from '@/lib/arca';
import { isVatStatus, type GoblInvoice } from '@/lib/invoice-model';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatVoucherDate } from './voucher-format';
import type { VoucherTranslator } from './voucher-translator';
import type { Field } from './voucher-layout-types';

type Party = NonNullable<GoblInvoice['customer']>;
type Json = Record<string, unknown>;

/** GOBL's first address as one line: «Av. Corrientes 1234, Buenos Aires, CABA (C1043)». */
export function addressLine(party: Party | undefined): string | null {
  const a = party?.addresses?.[0];
  if (!a) return null;
  const street = [a.street, a.num].filter(Boolean).join(' ');
  const place = [street, a.street_extra, a.locality, a.region].filter(Boolean).join(', ');
  const line = a.code ? `${place} (${a.code})` : place;
  return line || null;
}

/**
 * Where a GOBL party keeps what RG 1415 prints besides its CUIT: the Ingresos Brutos number is an
 * identity of type `IIBB` (GOBL's codes "in other systems"); the start of activities, `meta`'s
 * `start-date` (yyyy-mm-dd), as GOBL's registration has no field for it.
 */
export function supplierRegistration(party: Party | undefined) {
  const iibb = party?.identities?.find((i) => /^(iibb|ar-iibb)$/i.test(i.type ?? i.key ?? ''));
  const meta = (party as Json | undefined)?.meta as Json | undefined;
  const start = typeof meta?.['start-date'] === 'string' ? (meta['start-date'] as string) : null;
  return { grossIncome: iibb?.code ?? null, activitiesStart: start };
}

const vatCondition = (t: VoucherTranslator, status: string | null) =>
  isVatStatus(status) ? t(`vatConditions.${status}`) : '—';

const present = (fields: (Field | null)[]): Field[] => fields.filter((f): f is Field => !!f);

export function supplierFields(invoice: InvoiceDetail, t: VoucherTranslator, date: string) {
  const party = invoice.read?.invoice.supplier as Party | undefined;
  const { grossIncome, activitiesStart } = supplierRegistration(party);
  const address = addressLine(party);
  // Two groups, as ARCA's own vouchers place them: who it is and where (left), its tax numbers (right).
  return {
    fields: present([
      { label: t('businessName'), value: invoice.supplier.name ?? '—' },
      address ? { label: t('address'), value: address } : null,
      { label: t('vatCondition'), value: vatCondition(t, invoice.supplier.vatStatus) },
    ]),
    taxFields: present([
      { label: t('cuit'), value: invoice.supplier.cuit ? formatCuit(invoice.supplier.cuit) : '—' },
      grossIncome ? { label: t('grossIncome'), value: grossIncome } : null,
      activitiesStart
        ? { label: t('activitiesStart'), value: formatVoucherDate(activitiesStart, date) }
        : null,
    ]),
  };
}

const DOCUMENT_KEYS = ['80', '86', '87', '94', '96'] as const;

export function customerFields(invoice: InvoiceDetail, t: VoucherTranslator): Field[] {
  const document = invoice.customer?.document;
  const type = DOCUMENT_KEYS.find((k) => k === String(document?.DocTipo)) ?? 'other';
  const address = addressLine(invoice.read?.invoice.customer);
  return present([
    { label: t('customerName'), value: invoice.customer?.name ?? t('finalConsumer') },
    document
      ? {
          label: `${t(`documentTypes.${type}`)}:`,
          value:
            document.DocTipo === 80 || document.DocTipo === 86
              ? formatCuit(document.DocNro)
              : document.DocNro,
        }
      : null,
    { label: t('vatCondition'), value: vatCondition(t, invoice.customerVatStatus) },
    address ? { label: t('customerAddress'), value: address } : null,
  ]);
}
