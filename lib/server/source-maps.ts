/**
 * Turns Node's source maps off for what this process loads from now on, unless it runs in
 * development or was started with `--enable-source-maps`. tsx (which loads server.ts) turns them on
 * for the whole process, and Node then keeps, for the process's life, the whole source map of every
 * module it loads: Next's server chunks bring ≈ 50 MB of them (mappings and the original sources),
 * ≈ 70 MiB of heap that `next start` itself never holds. Stack traces in the logs then point into
 * the built chunks and the transpiled TypeScript, as under `next start`; start with
 * `NODE_OPTIONS=--enable-source-maps` to have them mapped back again at that memory's cost.
 */
export function stopSourceMapsUnlessAsked(
  appEnv: string,
  nodeFlags: readonly string[] = [
    ...process.execArgv,
    ...(process.env.NODE_OPTIONS ?? '').split(/\s+/),
  ],
): boolean {
  if (appEnv === 'development' || nodeFlags.includes('--enable-source-maps')) return false;
  process.setSourceMapsEnabled(false);
  return true;
}
