import { getTranslations } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { Link } from '@/lib/i18n';
import { INVOICE_STATES, type InvoiceFilters } from '@/lib/invoices';
import { inputClass, linkClass, secondaryButtonClass } from '@/components/console/ui';

/** A GET form: the filters live in the address, so a filtered list can be bookmarked and shared. */
export async function InvoiceFilterForm({
  filters,
  suppliers,
}: {
  filters: InvoiceFilters;
  suppliers: { cuit: string; name: string }[];
}) {
  const t = await getTranslations('console.invoices');
  const label = 'block text-sm font-medium';
  return (
    <div role="search" aria-label={t('filters.label')}>
      <form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor="state" className={label}>
            {t('filters.state')}
          </label>
          <select id="state" name="state" defaultValue={filters.state ?? ''} className={inputClass}>
            <option value="">{t('filters.anyState')}</option>
            {INVOICE_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pos" className={label}>
            {t('filters.pointOfSale')}
          </label>
          <input
            id="pos"
            name="pos"
            inputMode="numeric"
            pattern="[0-9]{1,5}"
            defaultValue={filters.pointOfSale ?? ''}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="supplier" className={label}>
            {t('filters.supplier')}
          </label>
          <select
            id="supplier"
            name="supplier"
            defaultValue={filters.supplierCuit ?? ''}
            className={inputClass}
          >
            <option value="">{t('filters.anyState')}</option>
            {suppliers.map((s) => (
              <option key={s.cuit} value={s.cuit}>
                {formatCuit(s.cuit)} · {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="from" className={label}>
            {t('filters.from')}
          </label>
          <input
            id="from"
            name="from"
            type="date"
            defaultValue={filters.from ?? ''}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="to" className={label}>
            {t('filters.to')}
          </label>
          <input
            id="to"
            name="to"
            type="date"
            defaultValue={filters.to ?? ''}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="q" className={label}>
            {t('filters.query')}
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.query ?? ''}
            placeholder={t('filters.queryPlaceholder')}
            className={inputClass}
          />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-3">
          <button type="submit" className={secondaryButtonClass}>
            {t('filters.submit')}
          </button>
          <Link href="/console/invoices" className={linkClass}>
            {t('filters.clear')}
          </Link>
        </div>
      </form>
    </div>
  );
}
