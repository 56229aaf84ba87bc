import { describe, expect, it } from 'vitest';
import {
  explainOutcome,
  isKnownCode,
  mapWsaaFault,
  parseFeDummy,
  parseLoginCmsResponse,
  parsePointsOfSale,
  verifyCms,
  WSAA_FAULTS,
} from '@/lib/arca';
import { readSharedAfip } from '../support/shared-afip';
import { describeWithSharedAfip } from '../support/shared-afip-suite';

const RESPONSES = [
  'wsaa-logincms-success.xml',
  'wsaa-logincms-fault-already-authenticated.http500.xml',
  'wsaa-logincms-request-in0.cms.der',
  'wsfe-fedummy.xml',
  'wsfe-feparamgetptosventa.xml',
].map((name) => `fixtures/responses/${name}`);
const xml = (name: string) => readSharedAfip(`fixtures/responses/${name}`).toString('utf8');

describeWithSharedAfip(RESPONSES, 'recorded ARCA answers', () => {
  it('read the TA out of the escaped loginCmsReturn', () => {
    const result = parseLoginCmsResponse(xml('wsaa-logincms-success.xml'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.ticket.token).toMatch(/^PD94bWwg/);
    expect(result.ticket.sign).toMatch(/^Jdnq3wqg.*=$/);
    expect(result.ticket.generationTime).toBe('2021-07-26T09:22:00.396-03:00');
    expect(
      Date.parse(result.ticket.expirationTime) - Date.parse(result.ticket.generationTime),
    ).toBe(12 * 3_600_000);
    expect(result.ticket.destination).toBe('SERIALNUMBER=CUIT 20267565393, CN=reingart2021');
  });

  it('map the recorded coe.alreadyAuthenticated fault through the catalogue', () => {
    const result = parseLoginCmsResponse(
      xml('wsaa-logincms-fault-already-authenticated.http500.xml'),
    );
    expect(result).toMatchObject({
      ok: false,
      outcome: { code: 'wsaa_already_authenticated' },
      fault: {
        code: 'coe.alreadyAuthenticated',
        message: 'El CEE ya posee un TA valido para el acceso al WSN solicitado',
      },
    });
  });

  it('read points of sale: EmisionTipo, Bloqueado and the literal "NULL" FchBaja', () => {
    const result = parsePointsOfSale(xml('wsfe-feparamgetptosventa.xml'));
    expect(result).toEqual({
      ok: true,
      events: [],
      value: [3, 4, 6].map((number) => ({
        number,
        emissionType: 'CAE - Ri Iva',
        kind: 'CAE',
        blocked: false,
        closedOn: null,
        usable: true,
      })),
    });
  });

  // The file named wsfe-fedummy.xml in ../shared holds a second LoginCms answer, not FEDummy.
  it('do not mistake the LoginCms answer stored as wsfe-fedummy.xml for an FEDummy answer', () => {
    expect(parseFeDummy(xml('wsfe-fedummy.xml'))).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_bad_response' },
    });
    expect(parseLoginCmsResponse(xml('wsfe-fedummy.xml'))).toMatchObject({
      ok: true,
      ticket: { generationTime: '2021-07-01T17:20:49.210-03:00' },
    });
  });

  it('verify the CMS a real client sent to WSAA: attached TRA and signer certificate', async () => {
    const cms = await verifyCms(
      readSharedAfip('fixtures/responses/wsaa-logincms-request-in0.cms.der'),
    );
    expect(cms.ok).toBe(true);
    if (!cms.ok) return;
    expect(cms.content).toContain('<service>wsfe</service>');
    expect(cms.certificate.subject).toContain('serialNumber=CUIT 20267565393');
    const tampered = Buffer.from(
      readSharedAfip('fixtures/responses/wsaa-logincms-request-in0.cms.der'),
    );
    const at = tampered.indexOf('<service>');
    tampered[at + 9] = 'x'.charCodeAt(0);
    expect(await verifyCms(tampered)).toMatchObject({ ok: false, fault: 'cms.sign.invalid' });
  });
});

describe('WSAA fault catalogue', () => {
  it('explains every fault in both languages, and unknown ones by name', () => {
    for (const name of Object.keys(WSAA_FAULTS)) {
      const mapped = mapWsaaFault(`ns1:${name}`);
      expect(isKnownCode(mapped.code), name).toBe(true);
      expect(mapped.code).not.toBe('wsaa_unknown_fault');
    }
    const unknown = mapWsaaFault('ns1:cee.somethingNew');
    expect(unknown).toEqual({ code: 'wsaa_unknown_fault', params: { fault: 'cee.somethingNew' } });
    expect(explainOutcome({ ...unknown }, 'es')).toContain('(cee.somethingNew)');
  });
});
