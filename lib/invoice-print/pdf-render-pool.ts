import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DomainError } from '@/lib/errors';
import { getLogger } from '@/lib/log';
import {
  installPdfRenderPool,
  PDF_RENDERER_LOST,
  PDF_RENDERER_STOPPED,
  type PdfRenderPool,
} from './current-pdf-render-pool';
import type { RenderReply, RenderRequest } from './pdf-render-messages';
import type { PdfOptions } from './render-voucher-pdf';
import type { VoucherLayout } from './voucher-layout-types';

/** One core for the event loop, the others for PDFs; at least one thread. */
export const defaultPdfRenderThreads = () => Math.max(1, availableParallelism() - 1);

// A path, not `new URL(…, import.meta.url)`: a bundler must not take the thread for one of its
// chunks. Worked out when a pool is made (server.ts, the CLI, under tsx), never in Next's bundle,
// which loads this module for the console's download but only renders through the running pool.
const threadEntry = () =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'pdf-render-thread-entry.mjs');

interface Task {
  request: RenderRequest;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}
interface Thread {
  worker: Worker;
  task?: Task;
}

/**
 * Renders PDFs on worker threads (at most `size`, started when first needed), one voucher per thread
 * at a time, the rest waiting in order. A thread that dies fails only its own render (DomainError
 * `pdf_renderer_lost`) and the next render starts a new one. `threadEntry` is the thread's first
 * module (tests give one that crashes on demand).
 */
export function createPdfRenderPool(
  options: { size?: number; threadEntry?: string } = {},
): PdfRenderPool {
  const size = Math.max(1, options.size ?? defaultPdfRenderThreads());
  const entry = options.threadEntry ?? threadEntry();
  const threads = new Set<Thread>();
  const waiting: Task[] = [];
  let nextId = 0;
  let stopped = false;

  const unavailable = (code: string, detail: string) =>
    new DomainError({ kind: 'unavailable', code, detail });

  const startThread = (): Thread => {
    const thread: Thread = { worker: new Worker(entry) };
    thread.worker.on('message', (reply: RenderReply) => {
      const task = thread.task;
      if (!task || task.request.id !== reply.id) return;
      thread.task = undefined;
      thread.worker.unref();
      if (reply.ok)
        task.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else if (reply.tooLarge)
        task.reject(
          new DomainError({ kind: 'unavailable', code: 'pdf_too_large', detail: reply.message }),
        );
      else task.reject(new Error(reply.message));
      dispatch();
    });
    // An uncaught error ends the thread: its 'exit' follows and fails the render it held.
    thread.worker.on('error', (error) =>
      getLogger().error({ err: error }, 'pdf render pool: a render thread failed'),
    );
    thread.worker.on('exit', (code) => {
      threads.delete(thread);
      thread.task?.reject(
        stopped
          ? unavailable(
              PDF_RENDERER_STOPPED,
              'The PDF renderer stopped before this PDF was rendered.',
            )
          : unavailable(
              PDF_RENDERER_LOST,
              `The PDF render thread ended (exit code ${code}) before answering; the render can be tried again.`,
            ),
      );
      thread.task = undefined;
      dispatch();
    });
    // After the listeners (a 'message' listener refs the thread): an idle thread never keeps a process alive.
    thread.worker.unref();
    threads.add(thread);
    return thread;
  };

  const dispatch = () => {
    while (!stopped && waiting.length) {
      let idle = [...threads].find((t) => !t.task);
      if (!idle && threads.size < size) idle = startThread();
      if (!idle) return;
      const task = waiting.shift()!;
      idle.task = task;
      // Busy, it keeps the process alive until it answers, as a render on the main thread would.
      idle.worker.ref();
      idle.worker.postMessage(task.request);
    }
  };

  return {
    size,
    render(layout: VoucherLayout, renderOptions: PdfOptions = {}) {
      if (stopped)
        return Promise.reject(unavailable(PDF_RENDERER_STOPPED, 'The PDF renderer has stopped.'));
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({
          request: { id: nextId++, layout, options: renderOptions },
          resolve,
          reject,
        });
        dispatch();
      });
    },
    async stop() {
      stopped = true;
      for (const task of waiting.splice(0))
        task.reject(
          unavailable(
            PDF_RENDERER_STOPPED,
            'The PDF renderer stopped before this PDF was rendered.',
          ),
        );
      await Promise.all([...threads].map((t) => t.worker.terminate()));
    },
  };
}

/** The process's render pool, for server.ts and `npm run worker`: every PDF the process renders goes through it until stopped. */
export function startPdfRenderPool(options: { size?: number } = {}): PdfRenderPool {
  const pool = createPdfRenderPool(options);
  installPdfRenderPool(pool);
  return {
    size: pool.size,
    render: pool.render,
    async stop() {
      installPdfRenderPool(undefined);
      await pool.stop();
    },
  };
}
