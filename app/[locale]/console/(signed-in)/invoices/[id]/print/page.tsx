import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { getPathname, Link, localeParams } from '@/lib/i18n';
import { loadVoucherLayout } from '@/lib/invoice-print';
import { isUuid } from '@/components/console/is-uuid';
import { linkClass, secondaryButtonClass } from '@/components/console/ui';
import { requireOperator } from '../../../../session';
import { arcaQrSvg } from './arca-qr-svg';
import { PrintButton } from './print-button';
import { VoucherField } from './voucher-field';
import { VoucherLines } from './voucher-lines';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('invoicePrint'))('title') };
}

const banner = 'border-2 border-red-800 p-3 text-center font-bold uppercase text-red-900';

/**
 * The invoice as Argentine printed vouchers look, drawn from the same layout as its PDF (lib/invoice-print):
 * the letter box with its code, both parties, lines, IVA, totals, CAE and ARCA's QR.
 */
export default async function InvoicePrintPage({ params }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const loaded = isUuid(id)
    ? await loadVoucherLayout(await getDb(), operator.workspaceId, id, { locale })
    : undefined;
  if (!loaded) notFound();
  const { invoice, layout } = loaded;
  const t = await getTranslations('invoicePrint');
  const auth = layout.authorisation;
  const qr = auth?.qrUrl ? await arcaQrSvg(auth.qrUrl) : null;
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href={`/console/invoices/${invoice.id}`} className={linkClass}>
          {t('back')}
        </Link>
        <div className="flex flex-wrap gap-2">
          <a
            href={getPathname({ href: `/console/invoices/${invoice.id}/pdf`, locale })}
            download={layout.fileName}
            className={secondaryButtonClass}
            data-testid="download-pdf"
          >
            {t('download')}
          </a>
          <PrintButton label={t('print')} />
        </div>
      </div>
      <article
        className="min-w-0 space-y-4 border border-slate-900 bg-white p-3 text-sm text-slate-950 sm:p-4 print:border-0 print:p-0 print:text-xs"
        data-testid="printable-invoice"
      >
        <h1 className="border-b border-slate-900 pb-2 text-center text-lg font-bold tracking-widest">
          {layout.original}
        </h1>
        {layout.sandbox ? (
          <p role="status" className={banner} data-testid="sandbox-mark">
            {layout.sandbox.title}
            <span className="mt-1 block text-xs font-normal normal-case">
              {layout.sandbox.lead}
            </span>
          </p>
        ) : null}
        {layout.notAuthorised ? (
          <p role="status" className={banner} data-testid="not-authorised">
            {layout.notAuthorised.title}
            <span className="mt-1 block text-xs font-normal normal-case">
              {layout.notAuthorised.lead}
            </span>
          </p>
        ) : null}
        <header className="grid gap-3 border-b border-slate-900 pb-3 sm:grid-cols-[1fr_auto_1fr]">
          <div className="min-w-0 space-y-1">
            {layout.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- the document's own embedded logo (data URL), not a static asset
              <img
                src={`data:${layout.logo.mime};base64,${layout.logo.data}`}
                alt=""
                className="max-h-12 w-auto"
              />
            ) : null}
            <p className="text-base font-bold">{layout.supplier.name}</p>
            {layout.supplier.fields.map((field) => (
              <VoucherField key={field.label} field={field} />
            ))}
          </div>
          <div
            className="flex h-20 w-20 flex-col items-center justify-center justify-self-center border-2 border-slate-900 sm:order-none"
            data-testid="voucher-letter"
          >
            <span className="text-4xl font-bold leading-none">{layout.letter ?? '—'}</span>
            <span className="mt-1 text-[10px] font-semibold">{layout.code}</span>
          </div>
          <div className="min-w-0 space-y-1">
            <p className="text-base font-bold uppercase">{layout.voucherName}</p>
            {layout.heading.map((field, i) => (
              <VoucherField
                key={field.label}
                field={field}
                testId={i === 1 ? 'print-number' : undefined}
              />
            ))}
            {layout.supplier.taxFields.map((field) => (
              <VoucherField key={field.label} field={field} />
            ))}
          </div>
        </header>
        <section
          aria-label={layout.customer.title}
          className="space-y-1 border-b border-slate-900 pb-3"
        >
          {layout.customer.fields.map((field) => (
            <VoucherField key={field.label} field={field} />
          ))}
        </section>
        {layout.terms.fields.length ? (
          <section
            aria-label={layout.terms.title}
            className="space-y-1 border-b border-slate-900 pb-3"
            data-testid="print-terms"
          >
            {layout.terms.fields.map((field) => (
              <VoucherField key={field.label} field={field} />
            ))}
          </section>
        ) : null}
        <VoucherLines layout={layout} />
        {auth ? (
          <footer
            className="flex flex-wrap items-center gap-4 border-t border-slate-900 pt-3"
            data-testid="print-cae"
          >
            {qr ? (
              <div
                role="img"
                aria-label={auth.qrLabel}
                className="h-28 w-28 shrink-0 [&>svg]:h-full [&>svg]:w-full"
                data-testid="arca-qr"
                // The SVG is made by the QR library on the server from ARCA's QR URL: no user markup.
                dangerouslySetInnerHTML={{ __html: qr }}
              />
            ) : null}
            <div className="min-w-0 space-y-1">
              <p className="font-bold">{auth.title}</p>
              {auth.fields.map((field) => (
                <VoucherField key={field.label} field={field} />
              ))}
            </div>
          </footer>
        ) : null}
      </article>
    </div>
  );
}
