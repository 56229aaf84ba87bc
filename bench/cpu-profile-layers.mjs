// `node bench/cpu-profile-layers.mjs <file.cpuprofile> [requests]`: where a server's CPU went, by
// layer of the request path. Each sample's self time goes to the nearest frame of the app or of a
// package above it (time in Node's internals and natives counts for whoever called them); socket
// writes, the garbage collector and V8 itself stay apart. Reads the last WINDOW seconds (default 6)
// before the final half second, i.e. the load of a run that stops the server when done. Profiles
// come from `node --cpu-prof --cpu-prof-dir=<dir> …` (one file per thread; the main thread's is
// `….0.001.cpuprofile`). With `requests`, also µs per request.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, requestsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-profile-layers.mjs <file.cpuprofile> [requests]');
  process.exit(2);
}
const requests = Number(requestsArg ?? 0);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);

const stamps = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) stamps.push((at += delta));
const end = stamps[stamps.length - 1] - 500_000;
const begin = end - Number(process.env.WINDOW ?? 6) * 1e6;

const root = process.cwd() + path.sep;
/** `pkg:<name>` for a package's code, `app:<path>` for the project's, undefined for Node's own. */
function owner({ url }) {
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = url.slice(inModules + 'node_modules/'.length).split('/');
    return 'pkg:' + (parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
  }
  if (url.startsWith('wasm://')) return 'pkg:@electric-sql/pglite';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  return file.startsWith(root) ? 'app:' + file.slice(root.length) : undefined;
}

const LAYERS = [
  [
    'database driver (PGlite and its WASM, pg)',
    /pkg:@electric-sql|pkg:pg|pkg:postgres-|app:lib\/db\//,
  ],
  ['Drizzle query building', /pkg:drizzle-orm/],
  [
    'listener: request id, client address, per-address guard',
    /app:lib\/security|pkg:ipaddr|guard-public-request|create-request-handler|request-context/,
  ],
  ['admission', /admit-request|admission-gate/],
  [
    'metrics and access log',
    /observe-request|route-class|app:lib\/metrics|pkg:prom-client|pkg:pino|app:lib\/log/,
  ],
  ['Hono node adapter (Request, Response)', /pkg:@hono\/node-server/],
  [
    'Hono routing and the app-wide middleware',
    /pkg:hono|app:lib\/api\/app\.ts|check-api-request|json-body|request-body/,
  ],
  ['API key', /middleware\/auth|app:lib\/workspaces|pkg:lru-cache/],
  ['rate limit', /rate-limit|app:lib\/ratelimit/],
  ['storable input check', /storable/],
  ['validation (zod)', /pkg:zod|pkg:@hono\/zod/],
  ['domain verbs and answer shaping', /app:lib\/|pkg:uuid/],
  ['TypeScript loader (tsx)', /pkg:tsx|pkg:esbuild|pkg:get-tsconfig/],
];
const SOCKET_WRITES = /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString)$/;

const totals = new Map();
let busy = 0;
for (let i = 0; i < profile.samples.length; i++) {
  if (stamps[i] < begin || stamps[i] > end) continue;
  const top = nodes.get(profile.samples[i]).callFrame;
  if (top.functionName === '(idle)') continue;
  const time = profile.timeDeltas[i] ?? 0;
  busy += time;
  let layer;
  if (top.functionName === '(garbage collector)') layer = 'garbage collector';
  else if (top.functionName === '(program)') layer = 'V8 and natives, unattributed';
  else if (!top.url && SOCKET_WRITES.test(top.functionName))
    layer = 'socket writes (a system call: on a busy machine also time spent descheduled in it)';
  else {
    let found;
    for (let id = profile.samples[i]; id !== undefined && !found; id = parents.get(id))
      found = owner(nodes.get(id).callFrame);
    layer = found
      ? (LAYERS.find(([, pattern]) => pattern.test(found))?.[0] ?? found)
      : "Node's own (HTTP parser, sockets, timers, promises)";
  }
  totals.set(layer, (totals.get(layer) ?? 0) + time);
}

const perRequest = (time) =>
  requests ? ` ${(time / requests).toFixed(1).padStart(7)} µs/req` : '';
console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy${perRequest(busy)}`);
for (const [layer, time] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(`${((100 * time) / busy).toFixed(1).padStart(5)}%${perRequest(time)}  ${layer}`);
