import 'server-only';
import { DomainError } from '@/lib/errors';
import { getInvoice } from '@/lib/invoices';
import { attachEntryFileOnce } from '@/lib/silo';
import { pdfConfigSchema, type StepHandler, type StepOutcome } from '@/lib/transform';
import { PDF_RENDERER_LOST, PDF_RENDERER_STOPPED } from './current-pdf-render-pool';
import { printInvoice } from './render-invoice-pdf';

const PDF_KEY = 'pdf';
type KoCode = Extract<StepOutcome, { status: 'KO' }>['code'];
// 2 s, 5 s, 15 s, 30 s, then every minute: a render thread lost to a crash or a shutdown.
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];
const knockOut = (code: KoCode, message: string): StepOutcome => ({
  status: 'KO',
  provider: 'pdf',
  code,
  message,
});

/**
 * The `pdf` step (Invopop's "Generate PDF"): prints the authorised invoice and attaches it to the
 * entry as its `pdf` file (category `format`). Idempotent: when the entry's current `pdf` file has
 * the same content (the rendering is deterministic), nothing is added (attachEntryFileOnce), so a
 * re-run after a crash, or two jobs at once, leave one current PDF; a changed invoice adds a new
 * version, newest first.
 */
export const pdfStep: StepHandler = async ({ db, job, step, previousEvents, now }) => {
  const config = pdfConfigSchema.safeParse(step.config ?? {});
  if (!config.success)
    return knockOut(
      'step_failed',
      `The pdf step's settings are not valid: ${config.error.message}`,
    );
  const invoice = await getInvoice(db, job.ownerId, job.siloEntryId);
  if (!invoice) return knockOut('invoice_invalid', 'The entry is not an invoice.');
  if (!invoice.cae || !invoice.number)
    return knockOut(
      'invoice_not_sent',
      'The invoice has no CAE yet: the pdf step prints an invoice ARCA has authorised, so it goes after the send step.',
    );
  let rendered;
  try {
    rendered = await printInvoice(db, job.ownerId, invoice, config.data);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'pdf_too_large')
      return knockOut('pdf_too_large', error.message);
    if (
      error instanceof DomainError &&
      (error.code === PDF_RENDERER_LOST || error.code === PDF_RENDERER_STOPPED)
    ) {
      const tries = previousEvents.filter((e) => e.status === 'ERR').length;
      const delay = RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)]!;
      return {
        status: 'ERR',
        message: `${error.message} Next attempt in ${delay / 1000} s.`,
        retryAt: new Date(now.getTime() + delay),
      };
    }
    throw error;
  }
  const { layout, pdf } = rendered;
  const { file, added } = await attachEntryFileOnce(db, job.ownerId, job.siloEntryId, {
    key: PDF_KEY,
    name: layout.fileName,
    category: 'format',
    mime: 'application/pdf',
    desc: layout.title,
    content: pdf,
  });
  return {
    status: 'OK',
    message: added
      ? `${file.name} attached (${file.size} bytes)`
      : `${file.name} is already attached (${file.size} bytes)`,
  };
};
