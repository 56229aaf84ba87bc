import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problem } from '@/lib/api/problem';
import { countAdmissionQueued, countAdmissionRefused, watchAdmission } from '@/lib/metrics';
import { plainPageLocale, sendPlainPage } from '@/lib/page-cache';
import {
  createAdmissionGate,
  type AdmissionGate,
  type AdmissionLimits,
  type AdmissionTicket,
  type Refusal,
} from './admission-gate';

export interface AdmissionOptions {
  /** Page views and server actions (everything Next or the registration page cache answers). */
  pages: AdmissionLimits;
  /** The JSON API. */
  api: AdmissionLimits;
  /**
   * Whether the simulated ARCA is mounted in this process (ARCA_SIMULATOR=on): its paths then
   * bypass the gates, since a validation holding a page slot calls it over HTTP and must never wait
   * behind the requests that wait on that validation.
   */
  simulatorMounted: boolean;
}

export type GateName = 'pages' | 'api';

// Short: a refused request is a wait for the client, not an error; the gate drains in seconds.
export const ADMISSION_RETRY_AFTER_SECONDS = 2;

// Build output and icons cost nothing to answer; they never wait for a slot.
const STATIC = /^\/(?:_next\/static\/|favicon\.ico$|icon\.svg$)/;
const SIMULATOR = /^\/simulator\//;
const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

/**
 * Admission control for server.ts: at most `inFlight` requests of each gate handled at once, a
 * bounded queue behind them, then `503` with `Retry-After` (a translated plain page for pages,
 * problem+json for the API). A slot is freed when the answer is over or the client goes away
 * ('close' fires for both), so a slow or aborted client never keeps one.
 *
 * Not gated: static files, the simulated ARCA when mounted here, and a request this process makes
 * to itself on behalf of an admitted one (Next fetches an action's redirect target over HTTP,
 * carrying the action's X-Request-Id from a loopback address): making it wait for a slot its own
 * parent holds would be a circular wait.
 */
export function createAdmission(options: AdmissionOptions) {
  const gates: Record<GateName, AdmissionGate> = {
    pages: createAdmissionGate(options.pages),
    api: createAdmissionGate(options.api),
  };
  for (const [name, gate] of Object.entries(gates))
    watchAdmission(name, () => ({ inFlight: gate.inFlight, waiting: gate.queued }));
  const admittedIds = new Map<string, number>();

  const ownRequest = (req: IncomingMessage, sentRequestId: string | undefined) =>
    sentRequestId !== undefined &&
    admittedIds.has(sentRequestId) &&
    LOOPBACK.test(req.socket.remoteAddress ?? '');
  const exempt = (pathname: string) =>
    STATIC.test(pathname) || (options.simulatorMounted && SIMULATOR.test(pathname));

  return {
    gates,
    /**
     * Whether this instance has about as much work as it lets in: a request waits for a slot, or
     * half the page slots are taken. Background work (keys made ahead) waits while it is.
     */
    isBusy(): boolean {
      return (
        gates.pages.queued > 0 ||
        gates.api.queued > 0 ||
        gates.pages.inFlight * 2 >= options.pages.inFlight
      );
    },
    /**
     * Runs `handle` now or once the request's gate has a slot; answers 503 itself otherwise.
     * `sentRequestId` is the X-Request-Id the request came with, before acceptRequestId replaced it.
     */
    admit(
      gate: GateName,
      req: IncomingMessage,
      res: ServerResponse,
      context: { pathname: string; requestId: string; sentRequestId: string | undefined },
      handle: () => void,
    ): void {
      if (exempt(context.pathname)) {
        handle();
        return;
      }
      if (ownRequest(req, context.sentRequestId)) {
        // Its answer is read by this process and never leaves it: gzipping it here only to
        // gunzip it there (fetch asks for gzip by itself) is work for nothing.
        delete req.headers['accept-encoding'];
        handle();
        return;
      }
      const { requestId } = context;
      let started = false;
      const start = () => {
        if (res.destroyed || res.writableEnded) return;
        started = true;
        admittedIds.set(requestId, (admittedIds.get(requestId) ?? 0) + 1);
        handle();
      };
      // Set once enter() returns: a request let in at once is admitted before then.
      const held: { ticket?: AdmissionTicket } = {};
      let queued = true;
      let admittedAtOnce = false;
      // A queued request is let in (or refused) later, from another request's 'close': its log lines
      // and problems must still carry its own request id, so its callbacks then run in the context
      // captured here. Captured only for a request that waits: AsyncResource.bind costs more than
      // the rest of admission, and a request let in or refused at once is still in its own context.
      let waiting: AsyncResource | undefined;
      const inOwnContext = (run: () => void) => (waiting ? waiting.runInAsyncScope(run) : run());
      const ticket = gates[gate].enter(
        () =>
          inOwnContext(() => {
            queued = false;
            // Let in at once: handled below, once its slot is sure to be freed on 'close'.
            if (held.ticket) start();
            else admittedAtOnce = true;
          }),
        (reason: Refusal) =>
          inOwnContext(() => {
            queued = false;
            countAdmissionRefused(gate, reason);
            if (!res.destroyed && !res.headersSent) refuse(gate, res, context.pathname, reason);
          }),
      );
      if (queued) waiting = new AsyncResource('admission-wait');
      held.ticket = ticket;
      // 'close': the answer is over, or the client went away (then a queued request leaves the
      // queue, and an admitted one frees its slot at once). One listener for both: each costs.
      res.once('close', () => {
        ticket.leave();
        if (!started) return;
        const left = (admittedIds.get(requestId) ?? 1) - 1;
        if (left) admittedIds.set(requestId, left);
        else admittedIds.delete(requestId);
      });
      if (queued) countAdmissionQueued(gate);
      if (admittedAtOnce) start();
    },
  };
}

function refuse(gate: GateName, res: ServerResponse, pathname: string, reason: Refusal) {
  const retryAfter = String(ADMISSION_RETRY_AFTER_SECONDS);
  if (gate === 'pages') {
    const locale = plainPageLocale(pathname);
    sendPlainPage(res, 503, 'busy', locale, pathname, { 'Retry-After': retryAfter });
    return;
  }
  const body = JSON.stringify(
    problem(
      503,
      `This instance has too many requests in progress right now (${reason === 'queue_full' ? 'its queue is full' : 'the request waited too long for its turn'}); retry after Retry-After seconds.`,
    ),
  );
  res
    .writeHead(503, {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      'Retry-After': retryAfter,
      'Content-Length': Buffer.byteLength(body),
    })
    .end(body);
}
