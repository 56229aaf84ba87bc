import { useFormatter, useTranslations } from 'next-intl';
import type { PointOfSaleView } from '@/lib/registration';

export function PointsTable({ list }: { list: PointOfSaleView[] }) {
  const t = useTranslations('wizard.pos');
  const format = useFormatter();
  // FchBaja is a calendar day in Argentina: read and written at UTC midnight so no zone shifts it.
  const day = (date: string) =>
    format.dateTime(new Date(`${date}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  const status = (pos: PointOfSaleView) => {
    if (pos.usable) return `✓ ${t('usable')}`;
    if (pos.problem === 'closed' && pos.closedOn)
      return `✗ ${t('problem.closedOn', { date: day(pos.closedOn) })}`;
    return `✗ ${t(`problem.${pos.problem ?? 'not_cae'}`)}`;
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">
              {t('number')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('type')}
            </th>
            <th scope="col" className="py-2">
              {t('status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((pos) => (
            <tr key={pos.number} className="border-b border-slate-200">
              <td className="py-2 pr-4 font-mono">{String(pos.number).padStart(4, '0')}</td>
              <td className="py-2 pr-4">
                {pos.emissionType || (
                  <span className="italic text-slate-600">{t('typeMissing')}</span>
                )}
              </td>
              <td
                className={`py-2 font-medium ${pos.usable ? 'text-emerald-800' : 'text-red-800'}`}
              >
                {status(pos)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
