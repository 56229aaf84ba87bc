// Wakes the in-process runner at once instead of at its next poll. Lives on globalThis because
// Next's bundle (server actions) and server.ts each load their own copy of this module.
const holder = globalThis as unknown as { __arcaRunnerWake?: Set<() => void> };
const listeners = (holder.__arcaRunnerWake ??= new Set());

export function wakeRunner(): void {
  for (const listener of listeners) listener();
}

export function onRunnerWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
