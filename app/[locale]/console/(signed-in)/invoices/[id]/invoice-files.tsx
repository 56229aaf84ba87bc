import { getTranslations } from 'next-intl/server';
import { getPathname, type Locale } from '@/lib/i18n';
import type { ListedEntryFile } from '@/lib/silo';
import { formatDateTime } from '@/components/console/format-date-time';
import { Card, linkClass } from '@/components/console/ui';

const CATEGORIES = new Set(['format', 'attachment']);

/** «Archivos»: the invoice's files (its PDF once ARCA authorised it, and uploads), each to download. */
export async function InvoiceFiles({
  invoiceId,
  files,
  locale,
}: {
  invoiceId: string;
  files: ListedEntryFile[];
  locale: Locale;
}) {
  const t = await getTranslations('console.invoice.files');
  const kb = new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en', {
    maximumFractionDigits: 1,
  });
  return (
    <Card title={t('title')} id="files">
      {files.length === 0 ? (
        <p className="text-sm text-slate-700">{t('empty')}</p>
      ) : (
        // relative: the header's sr-only label is positioned, and must be clipped with the table.
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="invoice-files">
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('name')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('category')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  {t('size')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('created')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id} className="border-t border-slate-200">
                  <td className="break-all py-2 pr-4">{file.name}</td>
                  <td className="py-2 pr-4">
                    {CATEGORIES.has(file.category)
                      ? t(`categories.${file.category as 'format' | 'attachment'}`)
                      : file.category}
                  </td>
                  <td className="whitespace-nowrap py-2 pr-4 text-right">
                    {t('sizeKb', { size: kb.format(file.size / 1024) })}
                  </td>
                  <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(file.createdAt)}</td>
                  <td className="py-2">
                    {/* A plain link: a route that answers a file, not a page to prefetch. */}
                    <a
                      href={getPathname({
                        href: `/console/invoices/${invoiceId}/files/${file.id}`,
                        locale,
                      })}
                      download
                      aria-label={t('downloadName', { name: file.name })}
                      className={linkClass}
                    >
                      {t('download')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
