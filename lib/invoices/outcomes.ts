import type { WsfeError } from '@/lib/arca';
import { isArcaInvoiceCode } from '@/lib/invoice-model';
import en from '@/messages/en.json';
import type { StepContext, StepOutcome } from '@/lib/transform';

type KnockOutCode = Extract<StepOutcome, { status: 'KO' }>['code'];

export const knockOut = (code: KnockOutCode, message: string): StepOutcome => ({
  status: 'KO',
  provider: 'gov-ar',
  code,
  message,
});

// 2 s, 5 s, 15 s, 30 s, then every minute: a lost answer is usually known within seconds.
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/** Try again later (the runner retries): ARCA could not be asked, or its answer is not known yet. */
export function retryLater(
  ctx: Pick<StepContext, 'previousEvents' | 'now'>,
  message: string,
): StepOutcome {
  const tries = ctx.previousEvents.filter((e) => e.status === 'ERR').length;
  const delay = RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)]!;
  return {
    status: 'ERR',
    message: `${message}; next attempt in ${delay / 1000} s`,
    retryAt: new Date(ctx.now.getTime() + delay),
  };
}

/**
 * ARCA's codes and texts as one line, each with the plain explanation the console shows where there
 * is one (in English; the console and wizard translate by code): "10013: … (For a class A …); …".
 */
export const describeArcaErrors = (errors: WsfeError[]) =>
  errors
    .map((e) => {
      const explained = isArcaInvoiceCode(e.code) ? en.invoicing.arcaCodes[e.code] : undefined;
      return `${e.code}: ${e.message}${explained ? ` (${explained})` : ''}`;
    })
    .join('; ');
