import { getTranslations } from 'next-intl/server';
import { ENTRY_PROBLEM_CODES, type EntryProblemCode } from '@/lib/invoices';
import { isInvoiceProblemCode } from '@/lib/invoice-model';

const isEntryProblemCode = (code: string): code is EntryProblemCode =>
  (ENTRY_PROBLEM_CODES as readonly string[]).includes(code);

/**
 * A refusal's fields (`data.lines[0].quantity` → `invalid_decimal: …`) as the operator reads them:
 * the path in the document and the problem's own message, in the request's language.
 */
export async function problemList(fields: Record<string, string>) {
  const [tInvoicing, tEntries, tEdit] = await Promise.all([
    getTranslations('invoicing.problems'),
    getTranslations('invoiceEntries.problems'),
    getTranslations('console.invoice.edit'),
  ]);
  return Object.entries(fields).map(([path, problem]) => {
    const code = /^[a-z0-9_]+/.exec(problem)?.[0] ?? '';
    const message = isInvoiceProblemCode(code)
      ? tInvoicing(code)
      : isEntryProblemCode(code)
        ? tEntries(code)
        : tEdit('unknownProblem');
    return { path: path.replace(/^data\.?/, '') || '—', message };
  });
}
