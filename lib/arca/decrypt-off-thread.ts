import { Worker } from 'node:worker_threads';
import { DECRYPT_WORKER_SOURCE } from './decrypt-worker-source';

/** Counted from when the decryption is asked for, waiting in the queue included. */
const DECRYPT_TIME_LIMIT_MS = 2_000;
/** Decryptions waiting for the worker beyond this are answered "busy" at once. */
export const MAX_QUEUED_DECRYPTIONS = 8;

export type EncryptedKey = { pem: string } | { der: Uint8Array };
/** `busy`: the queue was full or the time limit passed; about the service's load, never the file (its cost is bounded first). */
type DecryptResult =
  { ok: true; der: Buffer } | { ok: false; reason: 'wrong_password' | 'unsupported' | 'busy' };

/** A password-based scheme read (and bounded) on the main thread from a PKCS#12 EncryptedData. */
export type DataScheme =
  | { kind: 'pkcs12'; salt: Uint8Array; iterations: number; cipher: string; keyLength: number }
  | {
      kind: 'pbes2';
      kdf: 'pbkdf2';
      prf: string;
      iterations: number;
      salt: Uint8Array;
      cipher: string;
      keyLength: number;
      iv: Uint8Array;
    }
  | {
      kind: 'pbes2';
      kdf: 'scrypt';
      N: number;
      r: number;
      p: number;
      salt: Uint8Array;
      cipher: string;
      keyLength: number;
      iv: Uint8Array;
    };

type Task = { op: 'key'; key: EncryptedKey } | { op: 'data'; scheme: DataScheme; data: Uint8Array };

interface Job {
  id: number;
  task: Task;
  passphrase: string;
  deadline: NodeJS.Timeout;
  resolve: (result: DecryptResult) => void;
}

const queue: Job[] = [];
let worker: Worker | undefined;
let running: { job: Job; thread: Worker } | undefined;
let nextId = 0;

/**
 * Opens a password-protected private key on a worker thread, one at a time, giving up once the time
 * limit (counted from this call) passes: the key derivation never runs on the thread that answers
 * requests. Callers bound the derivation's parameters first (see key-encryption-cost.ts); the limit
 * and the capped queue are the second line.
 */
export function decryptPrivateKey(
  key: EncryptedKey,
  passphrase: string,
  timeLimitMs = DECRYPT_TIME_LIMIT_MS,
): Promise<DecryptResult> {
  return enqueue({ op: 'key', key }, passphrase, timeLimitMs);
}

/** Decrypts the content of a PKCS#12 EncryptedData on the same worker thread, under the same limits. */
export function decryptData(
  scheme: DataScheme,
  data: Uint8Array,
  passphrase: string,
  timeLimitMs = DECRYPT_TIME_LIMIT_MS,
): Promise<DecryptResult> {
  return enqueue({ op: 'data', scheme, data }, passphrase, timeLimitMs);
}

function enqueue(task: Task, passphrase: string, timeLimitMs: number): Promise<DecryptResult> {
  if (queue.length >= MAX_QUEUED_DECRYPTIONS) return Promise.resolve({ ok: false, reason: 'busy' });
  return new Promise((resolve) => {
    const id = nextId++;
    const deadline = setTimeout(() => giveUp(id), timeLimitMs);
    queue.push({ id, task, passphrase, deadline, resolve });
    runNext();
  });
}

function giveUp(id: number): void {
  const waiting = queue.findIndex((job) => job.id === id);
  if (waiting !== -1) {
    const [job] = queue.splice(waiting, 1);
    job!.resolve({ ok: false, reason: 'busy' });
    return;
  }
  if (running?.job.id !== id) return;
  // terminate() cannot interrupt native code already running; the thread is dropped and a new one serves the queue.
  const { thread } = running;
  void thread.terminate();
  if (worker === thread) worker = undefined;
  settle(id, { ok: false, reason: 'busy' });
}

function runNext(): void {
  if (running || !queue.length) return;
  const job = queue.shift()!;
  const thread = (worker ??= startWorker());
  running = { job, thread };
  thread.postMessage({ id: job.id, ...job.task, passphrase: job.passphrase });
}

function settle(id: number, result: DecryptResult): void {
  if (!running || running.job.id !== id) return;
  const { job } = running;
  clearTimeout(job.deadline);
  running = undefined;
  job.resolve(result);
  runNext();
}

function startWorker(): Worker {
  const thread = new Worker(DECRYPT_WORKER_SOURCE, { eval: true });
  thread.on(
    'message',
    (message: { id: number; ok: boolean; der?: Uint8Array; unsupported?: boolean }) => {
      if (message.ok && message.der)
        settle(message.id, { ok: true, der: Buffer.from(message.der) });
      else
        settle(message.id, {
          ok: false,
          reason: message.unsupported ? 'unsupported' : 'wrong_password',
        });
    },
  );
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
