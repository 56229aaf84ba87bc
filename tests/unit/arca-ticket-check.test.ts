import { expect, it } from 'vitest';
import {
  checkTicket,
  clockDifference,
  explainOutcome,
  isIssuedTo,
  parseLoginCmsResponse,
  ticketHolder,
  type AccessTicket,
} from '@/lib/arca';
import { isFresh } from '@/lib/arca/wsaa/check-ticket';
import { readSharedAfip } from '../support/shared-afip';
import { describeWithSharedAfip } from '../support/shared-afip-suite';

// Real WSAA answers recorded by other projects (see PROVENANCE.md there).
const corpus = (name: string) => readSharedAfip(`corpus/responses/${name}`).toString('utf8');

function ticketOf(xml: string): AccessTicket {
  const result = parseLoginCmsResponse(xml);
  if (!result.ok) throw new Error(`not a TA: ${result.outcome.code}`);
  return result.ticket;
}

// unagi: destination "SERIALNUMBER=CUIT 20376793126, CN=batman", generated 2018-04-06T15:09:37.563-03:00.
const batman = ticketHolder('CN=batman\nserialNumber=CUIT 20376793126')!;
const generated = Date.parse('2018-04-06T15:09:37.563-03:00');
// The login left 300 ms before ARCA generated the ticket and came back 400 ms after.
const onTime = { sentAt: new Date(generated - 300), receivedAt: new Date(generated + 400) };
const shifted = (ms: number) => ({
  sentAt: new Date(onTime.sentAt.getTime() + ms),
  receivedAt: new Date(onTime.receivedAt.getTime() + ms),
});

describeWithSharedAfip(
  [
    'corpus/responses/wsaa/unagi_login_response.xml',
    'corpus/responses/wsaa/eeng-afipws_login_cms_success.xml',
  ],
  'a ticket WSAA just issued',
  () => {
    const batmanXml = corpus('wsaa/unagi_login_response.xml');

    it('is granted when it is for this DN, still valid and our clock agrees with ARCA', () => {
      expect(checkTicket(ticketOf(batmanXml), batman, onTime)).toEqual({
        ok: true,
        clockOffsetMs: 0,
      });
    });

    it("is refused when its destination is another DN (alias or CUIT); both DNs stay in its params, not in the supplier's message", () => {
      const robin = ticketHolder('CN=robin\nserialNumber=CUIT 20376793126')!;
      const check = checkTicket(ticketOf(batmanXml), robin, onTime);
      expect(check).toMatchObject({
        ok: false,
        keep: false,
        outcome: {
          code: 'wsaa_ticket_other_destination',
          params: {
            destination: 'SERIALNUMBER=CUIT 20376793126, CN=batman',
            expected: 'SERIALNUMBER=CUIT 20376793126, CN=robin',
          },
        },
      });
      expect(
        checkTicket(
          ticketOf(batmanXml),
          ticketHolder('CN=batman\nserialNumber=CUIT 20329642330')!,
          onTime,
        ),
      ).toMatchObject({ ok: false, outcome: { code: 'wsaa_ticket_other_destination' } });
      if (!check.ok)
        expect(explainOutcome(check.outcome, 'es')).toMatch(
          /^ARCA nos devolvió un acceso que corresponde a otro certificado[^=]*$/,
        );
    });

    it('matches a destination that also carries C and O, as some WSAA answers do', () => {
      const ticket = ticketOf(corpus('wsaa/eeng-afipws_login_cms_success.xml'));
      expect(ticket.destination).toBe('C=ar, O=john doe, SERIALNUMBER=CUIT 20123456783, CN=acme');
      expect(
        isIssuedTo(
          ticket.destination,
          ticketHolder('C=AR\nO=John Doe\nCN=acme\nserialNumber=CUIT 20123456783')!,
        ),
      ).toBe(true);
      expect(isIssuedTo(undefined, batman)).toBe(false);
    });

    it('is refused when it is already expired (or expires within seconds), with the date', () => {
      const expiring = batmanXml.replace(
        '2018-04-07T03:09:37.563-03:00',
        '2018-04-06T15:10:00.000-03:00',
      );
      const check = checkTicket(ticketOf(expiring), batman, onTime);
      expect(check).toMatchObject({
        ok: false,
        keep: false,
        outcome: { code: 'wsaa_ticket_expired', params: { expired: '2018-04-06T18:10:00.000Z' } },
      });
      if (!check.ok)
        expect(explainOutcome(check.outcome, 'es')).toMatch(/6 de abril de 2018 .*3:10/);
      const expired = batmanXml.replace(
        '2018-04-07T03:09:37.563-03:00',
        '2018-04-06T15:00:00.000-03:00',
      );
      expect(checkTicket(ticketOf(expired), batman, onTime)).toMatchObject({
        ok: false,
        outcome: { code: 'wsaa_ticket_expired' },
      });
    });

    it('names a clock too far from ARCA for WSAA (ahead or behind), and keeps the ticket ARCA counts as issued', () => {
      const ahead = checkTicket(ticketOf(batmanXml), batman, shifted(10 * 60_000 + 20_000));
      expect(ahead).toMatchObject({
        ok: false,
        keep: true,
        clockOffsetMs: 619_700,
        outcome: { code: 'wsaa_clock_ahead', params: { difference: '10 min 20 s' } },
      });
      if (!ahead.ok)
        expect(explainOutcome(ahead.outcome, 'es')).toContain(
          'está 10 min 20 s adelantado respecto del de ARCA',
        );
      const behind = checkTicket(ticketOf(batmanXml), batman, shifted(-13 * 3_600_000));
      expect(behind).toMatchObject({
        ok: false,
        keep: true,
        outcome: { code: 'wsaa_clock_behind', params: { difference: '13 h' } },
      });
      if (!behind.ok) expect(explainOutcome(behind.outcome, 'en')).toContain('13 h behind ARCA');
    });

    it('grants with a clock off by less than WSAA allows, measuring the difference to apply to the ticket', () => {
      expect(checkTicket(ticketOf(batmanXml), batman, shifted(31_000))).toEqual({
        ok: true,
        clockOffsetMs: 30_700,
      });
      expect(checkTicket(ticketOf(batmanXml), batman, shifted(-5 * 60_000))).toEqual({
        ok: true,
        clockOffsetMs: -299_600,
      });
    });

    it('does not take a slow network for a clock difference', () => {
      expect(
        clockDifference(
          { sentAt: new Date(generated - 19_000), receivedAt: new Date(generated + 1_000) },
          '2018-04-06T15:09:37.563-03:00',
        ),
      ).toBe(0);
    });

    it("judges freshness on ARCA's clock: a clock behind does not hand out a ticket ARCA has expired", () => {
      const expires = new Date(generated + 12 * 3_600_000);
      // Our clock 5 minutes behind: 2 minutes before expiry by our clock is 3 minutes after it by ARCA's.
      const ours = new Date(expires.getTime() - 2 * 60_000);
      expect(isFresh(expires, ours, -5 * 60_000)).toBe(false);
      expect(isFresh(expires, ours, 0)).toBe(true);
      // Ahead: 3 minutes past expiry by our clock is 2 minutes before it by ARCA's.
      expect(isFresh(expires, new Date(expires.getTime() + 3 * 60_000), 5 * 60_000)).toBe(true);
    });

    it("reads ARCA's HTTP Date too (one-second resolution), e.g. on a fault", () => {
      // pyafipws recorded Date "Mon, 26 Jul 2021 12:22:00 GMT" with a TA generated at 12:22:00.396Z.
      const serverDate = 'Mon, 26 Jul 2021 12:22:00 GMT';
      const at = Date.parse('2021-07-26T12:22:00.396Z');
      expect(
        clockDifference({ sentAt: new Date(at - 200), receivedAt: new Date(at + 200), serverDate }),
      ).toBe(0);
      expect(
        clockDifference({
          sentAt: new Date(at + 120_000),
          receivedAt: new Date(at + 120_500),
          serverDate,
        }),
      ).toBe(119_396);
      expect(
        clockDifference({
          sentAt: new Date(at - 90_000),
          receivedAt: new Date(at - 89_500),
          serverDate,
        }),
      ).toBe(-89_104);
    });
  },
);
