import { describe, expect, it } from 'vitest';
import { ticketFailure, TICKET_RETRY_LIMIT_MS } from '@/lib/invoices/ticket-failure';
import type { JobEvent } from '@/lib/transform';

const now = new Date('2026-03-02T15:00:00Z');
const run = (at: Date): JobEvent => ({ status: 'RUN', at: at.toISOString() });
const err = (at: Date): JobEvent => ({ status: 'ERR', at: at.toISOString(), message: 'no ticket' });
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('ticketFailure: what the send step does when WSAA gives no ticket', () => {
  it.each([
    [
      'wsaa_not_authorized',
      'arca_not_authorized',
      /create the authorization for the "wsfe" service/,
    ],
    ['wsaa_cert_expired', 'arca_certificate_refused', /certificate has expired/],
    ['wsaa_cert_untrusted', 'arca_certificate_refused', /does not trust this certificate/],
    ['wsaa_cms_signature_invalid', 'arca_certificate_refused', /does not match the private key/],
  ])("%s ends the job at once: %s, with the wizard's explanation", (code, fault, explanation) => {
    const outcome = ticketFailure(
      { previousEvents: [], now },
      { code, ok: false },
      { pending: false },
    );
    expect(outcome).toMatchObject({ status: 'KO', provider: 'gov-ar', code: fault });
    const message = (outcome as { message: string }).message;
    expect(message).toMatch(explanation);
    expect(message).toMatch(/nothing was sent/);
    expect(message).toContain(`(WSAA: ${code})`);
  });

  it('a refusal with a number already reserved says that send waits to be confirmed', () => {
    const outcome = ticketFailure(
      { previousEvents: [], now },
      { code: 'wsaa_cert_expired', ok: false },
      { pending: true },
    );
    expect((outcome as { message: string }).message).toMatch(/waits to be confirmed with ARCA/);
  });

  it.each([
    'wsaa_timeout',
    'wsaa_unreachable',
    'wsaa_bad_response',
    'wsaa_service_unavailable',
    'wsaa_clock_ahead',
  ])('%s is tried again, later each time (2 s, 5 s, 15 s, 30 s, then every minute)', (code) => {
    const delays = [0, 1, 2, 3, 4, 9].map((tries) => {
      const previousEvents = [
        run(minutesAgo(10)),
        ...Array.from({ length: tries }, () => err(minutesAgo(5))),
      ];
      const outcome = ticketFailure(
        { previousEvents, now },
        { code, ok: false },
        { pending: false },
      );
      expect(outcome.status).toBe('ERR');
      return (outcome as { retryAt: Date }).retryAt.getTime() - now.getTime();
    });
    expect(delays).toEqual([2_000, 5_000, 15_000, 30_000, 60_000, 60_000]);
  });

  it('gives up after 24 hours of failures since the step first ran, with a fault', () => {
    const started = new Date(now.getTime() - TICKET_RETRY_LIMIT_MS);
    const outcome = ticketFailure(
      { previousEvents: [run(started), err(minutesAgo(1))], now },
      { code: 'wsaa_timeout', ok: false },
      { pending: false },
    );
    expect(outcome).toMatchObject({ status: 'KO', code: 'arca_unreachable' });
    expect((outcome as { message: string }).message).toMatch(/for 24 hours.*took too long/);
    const justBefore = ticketFailure(
      { previousEvents: [run(new Date(started.getTime() + 60_000))], now },
      { code: 'wsaa_timeout', ok: false },
      { pending: false },
    );
    expect(justBefore.status).toBe('ERR');
  });

  it('a ticket another system holds (coe.alreadyAuthenticated): tried again when ARCA gives tickets again, within the day', () => {
    const until = new Date(now.getTime() + 3 * 3_600_000);
    const outcome = ticketFailure(
      { previousEvents: [run(minutesAgo(1))], now },
      { code: 'wsaa_already_authenticated', ok: false, params: { until: until.toISOString() } },
      { pending: false },
    );
    expect(outcome).toMatchObject({ status: 'ERR', retryAt: until });
    const late = ticketFailure(
      { previousEvents: [run(new Date(now.getTime() - 23 * 3_600_000))], now },
      { code: 'wsaa_already_authenticated', ok: false, params: { until: until.toISOString() } },
      { pending: false },
    );
    expect((late as { retryAt: Date }).retryAt).toEqual(new Date(now.getTime() + 3_600_000));
  });
});
