import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getConceptTypes,
  getCurrencies,
  getDocumentTypes,
  getExchangeRate,
  getLastAuthorized,
  getReceiverVatConditions,
  getVatRates,
  getVoucher,
  getVoucherTypes,
  requestCae,
  type NumberedFeVoucher,
} from '@/lib/arca';

// The real WSFE client, through the real transport, against ARCA's recorded answers served by
// ../shared/afip/arca-replay.mjs. The answers are the recordings' (their numbers, not ours).
const REPLAY = path.resolve('../shared/afip/arca-replay.mjs');
const present = existsSync(REPLAY);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startReplay(mode: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [REPLAY, String(port), mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('arca-replay did not start')), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('arca-replay on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`arca-replay exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/wsfev1/service.asmx`, stop: () => child.kill() };
}

const auth = { token: 'PD94bWwg', sign: 'c2lnbg==', cuit: '20287740027' };

function voucher(
  type: number,
  number: number,
  extra: Partial<NumberedFeVoucher> = {},
): NumberedFeVoucher {
  return {
    PtoVta: 2,
    CbteTipo: type,
    CbteNro: number,
    Concepto: 1,
    DocTipo: 80,
    DocNro: '30710151543',
    CbteFch: '20260818',
    ImpTotal: '121.00',
    ImpTotConc: '0.00',
    ImpNeto: '100.00',
    ImpOpEx: '0.00',
    ImpTrib: '0.00',
    ImpIVA: '21.00',
    MonId: 'PES',
    MonCotiz: '1',
    CondicionIVAReceptorId: 1,
    Iva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }],
    ...extra,
  };
}

describe.skipIf(!present)(
  `WSFE client against recorded ARCA answers${present ? '' : ' (skipped: ../shared/afip/arca-replay.mjs is not on this machine)'}`,
  () => {
    let ok: { url: string; stop: () => void };
    let reject: { url: string; stop: () => void };
    beforeAll(async () => {
      [ok, reject] = await Promise.all([startReplay('ok'), startReplay('reject10016')]);
    });
    afterAll(() => {
      ok?.stop();
      reject?.stop();
    });

    it('FECompUltimoAutorizado then FECAESolicitar last + 1, approved, for Factura A (with Obs 10217), B and C', async () => {
      for (const [type, last, cae, obs] of [
        [1, 700, '86330767799632', [10217]],
        [6, 1763, undefined, []],
        [11, 32, undefined, []],
      ] as const) {
        const lastAuthorized = await getLastAuthorized({ url: ok.url }, auth, 2, type);
        expect(lastAuthorized).toMatchObject({
          ok: true,
          value: { pointOfSale: 2, voucherType: type, number: last },
        });
        const result = await requestCae(
          { url: ok.url },
          auth,
          voucher(
            type,
            last + 1,
            type === 11
              ? { Iva: undefined, ImpIVA: '0.00', ImpNeto: '121.00', CondicionIVAReceptorId: 5 }
              : {},
          ),
        );
        expect(result).toMatchObject({
          status: 'approved',
          pointOfSale: 2,
          voucherType: type,
          number: last + 1,
          caeExpiry: expect.stringMatching(/^2026\d{4}$/),
        });
        if (result.status !== 'approved') continue;
        if (cae) expect(result.cae).toBe(cae);
        expect(result.observations.map((o) => o.code)).toEqual(obs);
      }
    });

    it('FECAESolicitar rejected with 10016 (the number is not the next one)', async () => {
      const result = await requestCae({ url: reject.url }, auth, voucher(1, 1839));
      expect(result).toMatchObject({
        status: 'rejected',
        errors: [
          {
            code: 10016,
            message: expect.stringContaining('no se corresponde con el proximo a autorizar'),
          },
        ],
        observations: [],
      });
    });

    it('FECompConsultar: a recorded voucher, and 602 as "none"', async () => {
      const found = await getVoucher({ url: ok.url }, auth, 2, 6, 1765);
      expect(found).toMatchObject({
        ok: true,
        value: {
          CbteTipo: 6,
          CbteNro: 1765,
          PtoVta: 2,
          CodAutorizacion: '86330767799734',
          ImpTotal: '1210000.01',
          CondicionIVAReceptorId: 4,
        },
      });
      expect(await getVoucher({ url: ok.url }, auth, 3, 3, 504)).toEqual({
        ok: true,
        value: null,
        events: [],
      });
    });

    it('the catalogues, the exchange rate and the receiver IVA conditions', async () => {
      const o = { url: ok.url };
      const length = (r: { ok: boolean; value?: unknown[] }) => (r.ok ? r.value!.length : -1);
      expect(length(await getVoucherTypes(o, auth))).toBe(36);
      expect(length(await getDocumentTypes(o, auth))).toBe(36);
      expect(length(await getVatRates(o, auth))).toBe(6);
      expect(length(await getCurrencies(o, auth))).toBe(49);
      expect(length(await getConceptTypes(o, auth))).toBe(3);
      expect(await getExchangeRate(o, auth, 'DOL')).toMatchObject({
        ok: true,
        value: { currency: 'DOL', rate: '1155.114' },
      });
      const a = await getReceiverVatConditions(o, auth, 'A');
      expect(a.ok && a.value.map((c) => c.id)).toEqual([1, 6, 13, 16]);
      const all = await getReceiverVatConditions(o, auth);
      expect(all.ok && all.value.length).toBe(11);
    });

    it('a refused connection is "not sent"; a server that never answers is "unknown" (timeout), never retried', async () => {
      const closed = await freePort();
      expect(
        await requestCae(
          { url: `http://127.0.0.1:${closed}/wsfev1/service.asmx` },
          auth,
          voucher(1, 1),
        ),
      ).toEqual({ status: 'not_sent', reason: 'unreachable' });
      let requests = 0;
      const silent = createServer((socket) => {
        requests++;
        socket.on('data', () => undefined);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as { port: number }).port;
      const result = await requestCae(
        { url: `http://127.0.0.1:${port}/wsfev1/service.asmx`, timeoutMs: 300 },
        auth,
        voucher(1, 1),
      );
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      expect(result).toEqual({ status: 'unknown', reason: 'timeout' });
      expect(requests).toBe(1);
    });
  },
);
