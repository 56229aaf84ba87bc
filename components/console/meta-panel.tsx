import { getFormatter, getTranslations } from 'next-intl/server';
import type { MetaRecord } from '@/lib/silo';
import { CopyButton } from './copy-button';
import { Card, DataList, EmptyState, linkClass } from './ui';

/** The record's fields as the API names and orders them, so an operator sees what an integration reads. */
function apiFields(record: MetaRecord): [string, unknown][] {
  const optional: [string, unknown][] = [
    ['ref', record.ref],
    ['link_url', record.linkUrl],
    ['link_scope', record.linkScope],
    ['value', record.value],
  ];
  return [
    ['id', `${record.entryId}:${record.src}:${record.key}`],
    ['created_at', record.createdAt.toISOString()],
    ['updated_at', record.updatedAt.toISOString()],
    ['owner_id', record.ownerId],
    ['entry_id', record.entryId],
    ['src', record.src],
    ['key', record.key],
    ...optional.filter(([, value]) => value !== null),
    ['indexed', record.indexed],
    ['shared', record.shared],
  ];
}

/** The entry's meta records; the gov-ar/link record first, with its link to open or copy. */
export async function MetaPanel({ meta }: { meta: MetaRecord[] }) {
  const t = await getTranslations('console.supplier.meta');
  const format = await getFormatter();
  if (meta.length === 0) return <EmptyState>{t('empty')}</EmptyState>;
  const sorted = [...meta].sort(
    (a, b) =>
      Number(b.src === 'gov-ar' && b.key === 'link') -
      Number(a.src === 'gov-ar' && a.key === 'link'),
  );
  return (
    <>
      {sorted.map((record) => (
        <Card
          key={`${record.src}/${record.key}`}
          title={`${record.src} / ${record.key}`}
          id={`meta-${record.src}-${record.key}`}
        >
          {record.linkUrl ? (
            <div className="mb-4 space-y-2 rounded-md border border-brand-700/30 bg-blue-50 p-3">
              <label htmlFor={`link-${record.key}`} className="block text-sm font-semibold">
                {t('link')}
              </label>
              <input
                id={`link-${record.key}`}
                readOnly
                value={record.linkUrl}
                data-testid="meta-link-url"
                className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-sm"
              />
              <div className="flex flex-wrap items-center gap-3">
                <a
                  href={record.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${linkClass} relative`}
                >
                  {t('open')}
                  <span className="sr-only"> {t('newTab')}</span>
                </a>
                <CopyButton value={record.linkUrl} label={t('copy')} />
              </div>
              <p className="text-sm text-slate-700">{t('linkHelp')}</p>
            </div>
          ) : null}
          <DataList
            items={apiFields(record).map(([name, value]) => ({
              label: name,
              value:
                typeof value === 'string' && /_at$/.test(name) ? (
                  <time dateTime={value}>
                    {format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'medium' })}
                  </time>
                ) : (
                  <code className="break-all">
                    {typeof value === 'string' ? value : JSON.stringify(value)}
                  </code>
                ),
            }))}
          />
        </Card>
      ))}
    </>
  );
}
