import { explainOutcome, type ArcaOutcome } from '@/lib/arca';
import type { StepContext, StepOutcome } from '@/lib/transform';
import { knockOut, retryLater } from './outcomes';
import type { VoucherService } from './send-voucher-kinds';

/**
 * WSAA answers that no retry will change: the supplier (or its accountant) has to act in ARCA.
 * Everything else (timeouts, ARCA down, a ticket another system holds, clocks) passes with time.
 */
const REFUSALS: Record<string, 'arca_certificate_refused' | 'arca_not_authorized'> = {
  wsaa_not_authorized: 'arca_not_authorized',
  wsaa_not_authorized_wsct: 'arca_not_authorized',
  wsaa_cert_expired: 'arca_certificate_refused',
  wsaa_cert_untrusted: 'arca_certificate_refused',
  wsaa_cms_signature_invalid: 'arca_certificate_refused',
};

/** How long the step keeps asking WSAA for a ticket before it gives up (ARCA's outages rarely last a day). */
export const TICKET_RETRY_LIMIT_MS = 24 * 3_600_000;

/**
 * The step's outcome when no WSAA ticket could be had, before anything was numbered or sent: a
 * refusal ends the job with the wizard's explanation of what to do; a passing failure is tried
 * again with backoff (at the time ARCA gives tickets again when it says so), for a day at most.
 */
export function ticketFailure(
  ctx: Pick<StepContext, 'previousEvents' | 'now'>,
  ticketOutcome: ArcaOutcome,
  send: { pending: boolean; service?: VoucherService },
): StepOutcome {
  // A certificate authorised for wsfe only is refused for wsct: the supplier adds that service.
  const outcome =
    ticketOutcome.code === 'wsaa_not_authorized' && send.service === 'wsct'
      ? { ...ticketOutcome, code: 'wsaa_not_authorized_wsct' }
      : ticketOutcome;
  const explained = `${explainOutcome(outcome, 'en')} (WSAA: ${outcome.code})`;
  // A number reserved by an earlier run stays reserved: the next job confirms it with ARCA before anything else.
  const sent = send.pending
    ? 'the send already numbered waits to be confirmed with ARCA when the invoice is sent again'
    : 'nothing was sent';
  const refusal = REFUSALS[outcome.code];
  if (refusal)
    return knockOut(refusal, `ARCA refused the supplier's access; ${sent}. ${explained}`);
  const firstRun = ctx.previousEvents.find((e) => e.status === 'RUN')?.at;
  const startedAt = firstRun ? Date.parse(firstRun) : ctx.now.getTime();
  if (ctx.now.getTime() - startedAt >= TICKET_RETRY_LIMIT_MS)
    return knockOut(
      'arca_unreachable',
      `We could not get access to ARCA for 24 hours and stopped trying; ${sent}. Last answer: ${explained}`,
    );
  const until = outcome.code === 'wsaa_already_authenticated' ? outcome.params?.until : undefined;
  const later = retryLater(ctx, `no ARCA access ticket (${outcome.code})`);
  if (!until || later.status !== 'ERR') return later;
  const retryAt = new Date(Math.min(Date.parse(until), startedAt + TICKET_RETRY_LIMIT_MS));
  return retryAt > later.retryAt
    ? {
        ...later,
        message: `no ARCA access ticket (${outcome.code}); next attempt at ${retryAt.toISOString()}`,
        retryAt,
      }
    : later;
}
