import { spawn } from 'node:child_process';
import type { RunningSimulator } from '../../tests/fixtures/arca/simulator-server';
import type { SimulatorPortal } from '../../tests/integration/support/registered-supplier';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

type Verb = keyof SimulatorPortal;
export interface PortalCall {
  id: number;
  verb: Verb;
  input: unknown;
}
export type SimulatorProcessMessage =
  { urls: RunningSimulator['urls'] } | { id: number; result?: unknown; error?: string };

export interface SimulatorProcess {
  urls: RunningSimulator['urls'];
  portal: SimulatorPortal;
  close(): Promise<void>;
}

/**
 * bench/support/arca-simulator-process.ts in a child process: the simulated ARCA on its own
 * database (`databaseUrl`, or an in-memory PGlite), each SOAP call `latencyMs` late.
 */
export function startSimulatorProcess(settings: {
  databaseUrl?: string;
  latencyMs: number;
}): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    [...TS_NODE_ARGS, 'bench/support/arca-simulator-process.ts'],
    {
      env: {
        ...process.env,
        SIM_DATABASE_URL: settings.databaseUrl ?? '',
        SIM_LATENCY_MS: String(settings.latencyMs),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Dates (the CAs' rows) cross as Dates.
      serialization: 'advanced',
    },
  );
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  const call =
    <V extends Verb>(verb: V) =>
    (input: unknown) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        waiting.set(id, { resolve, reject });
        child.send({ id, verb, input } satisfies PortalCall);
      });
  const portal = {
    cas: () => call('cas')(undefined),
    issueCertificate: call('issueCertificate'),
    authorizeService: call('authorizeService'),
    addPointOfSale: call('addPointOfSale'),
  } as SimulatorPortal;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator process exited with ${code}`)));
    child.on('message', (message: SimulatorProcessMessage) => {
      if ('urls' in message)
        return resolve({
          urls: message.urls,
          portal,
          close: async () => {
            child.disconnect();
            await exited;
          },
        });
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.result);
    });
  });
}
