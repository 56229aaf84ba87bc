// `npm run start:cluster [-- --instances N --port P --workers W --worker-port Q]`: N app instances on
// ports P…P+N-1 (RUNNER=off) and W `npm run worker` processes on DATABASE_URL (with WORKER_PORT
// Q…Q+W-1 when Q is given), as a deployment behind a load balancer runs them. Exits non-zero when any of them dies; SIGTERM/SIGINT stop all gracefully.
import { parseArgs } from 'node:util';
import { buildIfChanged } from './build-if-changed.mjs';
import { startCluster } from './cluster.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT || '3000' },
    workers: { type: 'string', default: '1' },
    'worker-port': { type: 'string', default: process.env.WORKER_PORT },
  },
});
const count = (name, value, min) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number from ${min}, not "${value}"`);
    process.exit(2);
  }
  return n;
};
const instances = count('instances', values.instances, 1);
const firstPort = count('port', values.port, 1);
const workers = count('workers', values.workers, 0);
const firstWorkerPort =
  values['worker-port'] === undefined ? undefined : count('worker-port', values['worker-port'], 1);

if (!process.env.DATABASE_URL) {
  console.error(
    'npm run start:cluster needs PostgreSQL: set DATABASE_URL. The embedded database (PGlite) belongs to one process; use npm start for it.',
  );
  process.exit(1);
}

try {
  buildIfChanged();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const ports = Array.from({ length: instances }, (_, i) => firstPort + i);
const workerPorts =
  firstWorkerPort === undefined
    ? []
    : Array.from({ length: workers }, (_, i) => firstWorkerPort + i);
let cluster;
try {
  cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL,
    ports,
    workers,
    workerPorts,
  });
} catch (error) {
  console.error(`\nThe cluster did not start: ${error.message}`);
  process.exit(1);
}
console.log(
  `\n  Cluster running: ${cluster.instances.map((i) => i.url).join(', ')} and ${workers} worker(s)${workerPorts.length ? ` (health and metrics on ${cluster.workers.map((w) => w.url).join(', ')})` : ''}; Ctrl+C to stop\n`,
);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  await cluster.stop(signal);
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

cluster.failed.catch(async (error) => {
  if (stopping) return;
  stopping = true;
  console.error(`\n${error.message}\nStopping the others.`);
  await cluster.stop('SIGTERM');
  process.exit(1);
});
