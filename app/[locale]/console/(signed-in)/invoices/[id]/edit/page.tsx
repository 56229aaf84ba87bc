import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { EDITABLE_STATES, getInvoice } from '@/lib/invoices';
import { isUuid } from '@/components/console/is-uuid';
import { Card, PageHeader, linkClass } from '@/components/console/ui';
import { requireOperator } from '../../../../session';
import { EditInvoiceForm } from './edit-invoice-form';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.invoice.edit'))('title') };
}

/** «Editar»: an unsent invoice (empty, or in error) as JSON; a sent one says how it is corrected. */
export default async function EditInvoicePage({ params }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const invoice = isUuid(id)
    ? await getInvoice(await getDb(), operator.workspaceId, id)
    : undefined;
  if (!invoice) notFound();
  const t = await getTranslations();
  const editable = (EDITABLE_STATES as readonly string[]).includes(invoice.state);
  return (
    <>
      <PageHeader title={t('console.invoice.edit.title')} />
      <Card>
        {editable ? (
          <>
            <p className="mb-4 text-sm text-slate-700">{t('console.invoice.edit.lead')}</p>
            <EditInvoiceForm
              invoiceId={invoice.id}
              document={JSON.stringify(invoice.doc, null, 2)}
            />
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {invoice.state === 'sent'
              ? t('invoiceEntries.errors.invoice_immutable')
              : t('invoiceEntries.errors.invoice_not_editable')}
          </p>
        )}
      </Card>
      <Link href={`/console/invoices/${invoice.id}`} className={linkClass}>
        {t('console.invoice.edit.back')}
      </Link>
    </>
  );
}
