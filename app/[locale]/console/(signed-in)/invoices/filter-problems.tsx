import { getTranslations } from 'next-intl/server';
import type { FilterProblem } from './invoice-filters';

/** Why filters in the address were left out, said where the list starts (a link may carry a bad one). */
export async function FilterProblems({ problems }: { problems: FilterProblem[] }) {
  if (problems.length === 0) return null;
  const t = await getTranslations('console.invoices.filters.problems');
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="filter-problems"
    >
      <ul className="list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem.field}>
            {problem.field === 'range'
              ? t('range', { from: problem.from, to: problem.to })
              : t(problem.field, { value: problem.value })}
          </li>
        ))}
      </ul>
    </div>
  );
}
