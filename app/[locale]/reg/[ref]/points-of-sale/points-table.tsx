import { getTranslations } from 'next-intl/server';
import type { PointOfSaleView } from '@/lib/registration';

export async function PointsTable({ list }: { list: PointOfSaleView[] }) {
  const t = await getTranslations('wizard.pos');
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">{t('number')}</th>
            <th scope="col" className="py-2 pr-4">{t('type')}</th>
            <th scope="col" className="py-2">{t('status')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((pos) => (
            <tr key={pos.number} className="border-b border-slate-200">
              <td className="py-2 pr-4 font-mono">{String(pos.number).padStart(4, '0')}</td>
              <td className="py-2 pr-4">{pos.emissionType}</td>
              <td className={`py-2 font-medium ${pos.usable ? 'text-emerald-800' : 'text-red-800'}`}>{pos.usable ? `✓ ${t('usable')}` : `✗ ${t(`problem.${pos.problem!}`)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
