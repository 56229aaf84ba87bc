import { Worker } from 'node:worker_threads';

export const DECRYPT_TIME_LIMIT_MS = 2_000;

export type EncryptedKey = { pem: string } | { der: Uint8Array };
export type DecryptResult = { ok: true; pkcs8Der: Buffer } | { ok: false; reason: 'wrong_password' | 'unsupported' | 'timeout' };

// Plain JavaScript with only Node built-ins, so the worker runs the same under Next's bundle, tsx and vitest.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createPrivateKey } = require('node:crypto');
parentPort.on('message', ({ id, key, passphrase }) => {
  try {
    const options = key.pem !== undefined ? { key: key.pem, format: 'pem', passphrase } : { key: key.der, format: 'der', type: 'pkcs8', passphrase };
    const der = createPrivateKey(options).export({ type: 'pkcs8', format: 'der' });
    parentPort.postMessage({ id, ok: true, der });
  } catch (error) {
    const text = String((error && error.code) || '') + ' ' + String((error && error.message) || '');
    parentPort.postMessage({ id, ok: false, unsupported: /unsupported/i.test(text) });
  }
});
`;

interface Job {
  id: number;
  key: EncryptedKey;
  passphrase: string;
  timeLimitMs: number;
  resolve: (result: DecryptResult) => void;
}

const queue: Job[] = [];
let worker: Worker | undefined;
let running: { job: Job; timer: NodeJS.Timeout; thread: Worker } | undefined;
let nextId = 0;

/**
 * Opens a password-protected private key on a worker thread, one at a time, giving up after a time
 * limit: the key derivation never runs on the thread that answers requests. Callers bound the
 * derivation's parameters first (see key-encryption-cost.ts); the limit is the second line.
 */
export function decryptPrivateKey(key: EncryptedKey, passphrase: string, timeLimitMs = DECRYPT_TIME_LIMIT_MS): Promise<DecryptResult> {
  return new Promise((resolve) => {
    queue.push({ id: nextId++, key, passphrase, timeLimitMs, resolve });
    runNext();
  });
}

function runNext(): void {
  if (running || !queue.length) return;
  const job = queue.shift()!;
  const thread = (worker ??= startWorker());
  const timer = setTimeout(() => {
    // terminate() cannot interrupt native code already running; the thread is dropped and a new one serves the queue.
    void thread.terminate();
    if (worker === thread) worker = undefined;
    settle(job.id, { ok: false, reason: 'timeout' });
  }, job.timeLimitMs);
  running = { job, timer, thread };
  thread.postMessage({ id: job.id, key: job.key, passphrase: job.passphrase });
}

function settle(id: number, result: DecryptResult): void {
  if (!running || running.job.id !== id) return;
  clearTimeout(running.timer);
  const { job } = running;
  running = undefined;
  job.resolve(result);
  runNext();
}

function startWorker(): Worker {
  const thread = new Worker(WORKER_SOURCE, { eval: true });
  thread.on('message', (message: { id: number; ok: boolean; der?: Uint8Array; unsupported?: boolean }) => {
    if (message.ok && message.der) settle(message.id, { ok: true, pkcs8Der: Buffer.from(message.der) });
    else settle(message.id, { ok: false, reason: message.unsupported ? 'unsupported' : 'wrong_password' });
  });
  const lost = () => {
    if (worker === thread) worker = undefined;
    if (running?.thread === thread) settle(running.job.id, { ok: false, reason: 'unsupported' });
  };
  thread.on('error', lost);
  thread.on('exit', lost);
  // After the listeners: adding a 'message' listener refs the thread again, and it must not keep a CLI alive.
  thread.unref();
  return thread;
}
