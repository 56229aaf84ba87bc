import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { HASH_FILE, sourceHash } from './source-hash.mjs';

// Next says nothing while it compiles (about a minute on a 2-core machine): after QUIET_MS of
// silence a line says the build is still going, so a first `npm start` never looks stuck.
const QUIET_MS = 15_000;

const hash = sourceHash();
const started = Date.now();
let lastOutput = started;
const child = spawn('npx', ['next', 'build'], {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
});
const forward = (to) => (chunk) => {
  lastOutput = Date.now();
  to.write(chunk);
};
child.stdout.on('data', forward(process.stdout));
child.stderr.on('data', forward(process.stderr));
const heartbeat = setInterval(() => {
  if (Date.now() - lastOutput < QUIET_MS) return;
  lastOutput = Date.now();
  console.log(`  … still building (${Math.round((Date.now() - started) / 1000)} s)`);
}, 1000);
const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
clearInterval(heartbeat);
if (status !== 0) process.exit(status ?? 1);
writeFileSync(HASH_FILE, hash);
