import { openDatabase } from '@/lib/db';
import { startSimulator } from '../../tests/fixtures/arca/simulator-server';
import { simulatorPortal } from '../../tests/integration/support/registered-supplier';
import type { PortalCall, SimulatorProcessMessage } from './simulator-process';

// The simulated ARCA of the invoices bench, in its own process on its own database (SIM_DATABASE_URL,
// or an in-memory PGlite), so its CPU and queries are not counted as the app's. Tells its parent its
// URLs, then runs the parent's portal calls (registering a supplier) until the parent disconnects.
async function main() {
  const database = await openDatabase({
    dataDir: 'memory://',
    databaseUrl: process.env.SIM_DATABASE_URL || undefined,
  });
  const sim = await startSimulator(database.db, {
    latencyMs: Number(process.env.SIM_LATENCY_MS ?? 0),
  });
  // ARCA's clock is the real one here (tests move theirs by hand).
  Object.defineProperty(sim.clock, 'now', { get: () => new Date() });
  const portal = simulatorPortal(database.db);
  process.on('message', (call: PortalCall) => {
    const run = portal[call.verb] as (input: unknown) => Promise<unknown>;
    void run(call.input).then(
      (result) => send({ id: call.id, result }),
      (error: unknown) => send({ id: call.id, error: String(error) }),
    );
  });
  process.once(
    'disconnect',
    () =>
      void sim
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
  send({ urls: sim.urls });
}

const send = (message: SimulatorProcessMessage) => process.send!(message);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
