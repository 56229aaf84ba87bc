import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string;
}

// One store per process: Next's server bundle holds its own copy of this module, and the id set by
// server.ts must be the one its code reads.
const globalForContext = globalThis as unknown as {
  __arcaRequestContext?: AsyncLocalStorage<RequestContext>;
};
const storage = (globalForContext.__arcaRequestContext ??= new AsyncLocalStorage());

/** Runs `handle` (and all the work it starts) as the request `requestId`: log lines and problem answers carry it. */
export function withRequestId<T>(requestId: string, handle: () => T): T {
  return storage.run({ requestId }, handle);
}

/** The id of the HTTP request being handled; undefined outside one (jobs, timers started at boot). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
