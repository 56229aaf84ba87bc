import type { getTranslations } from 'next-intl/server';
import type { InvoiceHeadline } from '@/lib/invoices';
import { voucherTypeName } from './voucher-type-label';

/** What a job works on, as the console names it. */
export type JobSubject =
  { kind: 'supplier'; name: string } | ({ kind: 'invoice' } & InvoiceHeadline);

/** Which document a workflow's steps act on, to word them (a supplier is «Registrado», an invoice «Enviada»). */
export type DocumentKind = 'supplier' | 'invoice' | 'entry';

/** The kind of document a workflow's template processes, by its short GOBL schema. */
export function documentKindOf(schema: string | null | undefined): DocumentKind {
  if (schema === 'bill/invoice') return 'invoice';
  if (schema === 'org/party') return 'supplier';
  return 'entry';
}

type Translate = Awaited<ReturnType<typeof getTranslations<'console'>>>;

/** "Proveedor SA", "Factura B 0002-00000124", "Factura B sin número para Cliente SA"… in the console's language. */
export function subjectText(t: Translate, subject: JobSubject | undefined): string {
  if (!subject) return t('jobs.unknownSubject');
  if (subject.kind === 'supplier') return subject.name || t('jobs.unnamedSupplier');
  const name = voucherTypeName(subject.voucherType);
  const type = name
    ? t(`invoices.voucherTypes.${name.key}`, { class: name.voucherClass })
    : t('jobs.subject.invoice');
  if (subject.displayNumber)
    return t('jobs.subject.numbered', { type, number: subject.displayNumber });
  return subject.customer
    ? t('jobs.subject.unnumberedFor', { type, customer: subject.customer })
    : t('jobs.subject.unnumbered', { type });
}
