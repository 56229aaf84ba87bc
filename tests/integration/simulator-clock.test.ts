import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createCsr, generateKeyPair, getAccessTicket } from '@/lib/arca';
import { authorizeService, issueCertificate } from '@/lib/arca-simulator';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { describeEachDatabase } from './support/databases';
import { newCuit } from '../support/new-cuit';

const MINUTE = 60_000;

describeEachDatabase('simulated ARCA clock', (get) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(() => sim.close());
  afterEach(() => {
    vi.useRealTimers();
    sim.clock.follow();
  });

  /** A sandbox certificate the simulated ARCA issues now and authorises for wsfe, with its key. */
  async function certified() {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `reloj${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csrPem = await createCsr({ companyName: 'Reloj SA', alias, cuit, privateKeyPem });
    const issued = await issueCertificate(db, { environment: 'sandbox', csrPem });
    await authorizeService(db, { environment: 'sandbox', cuit, alias });
    return {
      db,
      environment: 'sandbox' as const,
      url: sim.urls.sandbox.wsaa,
      certificatePem: issued.ok ? issued.certificatePem : '',
      privateKeyPem,
    };
  }

  it('logs in with a certificate issued minutes after the simulator started, as late in a long file on a slow machine', async () => {
    // Every Date, ours and the simulator's, five minutes on: the simulator backdates a certificate by one.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 5 * MINUTE);
    expect(await getAccessTicket(await certified())).toMatchObject({ ok: true, from: 'wsaa' });
  });

  it('keeps a time a test sets until it follows the real time again', async () => {
    const later = new Date(Date.now() + 13 * 3_600_000);
    sim.clock.now = later;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sim.clock.now).toEqual(later);
    sim.clock.follow();
    expect(Math.abs(sim.clock.now.getTime() - Date.now())).toBeLessThan(1_000);
  });
});
