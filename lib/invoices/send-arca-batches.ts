import 'server-only';
import {
  getVouchersPerRequest,
  requestCaes,
  type FeCaeAnswer,
  type NumberedFeVoucher,
} from '@/lib/arca';
import type { ArcaSession } from './arca-session';

// FECompTotXRequest's RegXReq per WSFE endpoint, asked once per process. When ARCA gives none (an
// error, or an answer without it) the send goes one voucher at a time, and asks again only after
// a while: never a limit guessed, never a round trip more per send.
const limits = new Map<string, { limit: Promise<number>; until: number }>();
const ASK_AGAIN_MS = 10 * 60_000;

/** What a web service with batches adds to SendArca (send-arca.ts). */
export interface BatchCalls {
  batchLimit(): Promise<number>;
  requestCaes(vouchers: readonly NumberedFeVoucher[]): Promise<FeCaeAnswer>;
}

/** WSFE's batches for SendArca: RegXReq (asked once, cached) and FECAESolicitar with CantReg > 1. */
export function wsfeBatches(session: ArcaSession): BatchCalls {
  const { options, auth } = session;
  return {
    batchLimit() {
      const kept = limits.get(options.url);
      if (kept && kept.until > Date.now()) return kept.limit;
      const entry = { limit: Promise.resolve(1), until: Infinity };
      entry.limit = getVouchersPerRequest(options, auth).then(
        (answer) => {
          if (answer.ok) return answer.value;
          entry.until = Date.now() + ASK_AGAIN_MS;
          return 1;
        },
        () => {
          entry.until = Date.now() + ASK_AGAIN_MS;
          return 1;
        },
      );
      limits.set(options.url, entry);
      return entry.limit;
    },
    requestCaes: (vouchers) => requestCaes(options, auth, vouchers),
  };
}
