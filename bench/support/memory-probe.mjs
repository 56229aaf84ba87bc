// Loaded with `--import` (NODE_OPTIONS) when MEMORY_PROBE_FILE is set: on each SIGUSR2 this process
// appends one JSON line there with what its memory is made of (process.memoryUsage, V8's heap
// spaces, PGlite's WASM memory size), after a full garbage collection when MEMORY_PROBE_GC is set
// (so what stays apart from what V8 has not collected yet), and writes a heap snapshot beside it
// when MEMORY_PROBE_SNAPSHOT is set. bench/memory-composition.ts reads it.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.MEMORY_PROBE_FILE;
const MiB = 1024 * 1024;
const mib = (bytes) => Math.round((bytes / MiB) * 10) / 10;

if (file) {
  let collect;
  if (process.env.MEMORY_PROBE_GC) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc');
  }
  process.on('SIGUSR2', async () => {
    const before = process.memoryUsage();
    collect?.();
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((space) => [
          space.space_name,
          { size: mib(space.space_size), used: mib(space.space_used_size) },
        ]),
    );
    const database = await globalThis.__arcaDatabase?.catch(() => undefined);
    const client = database?.driver?.kind === 'pglite' ? database.driver.client : undefined;
    const snapshot = process.env.MEMORY_PROBE_SNAPSHOT
      ? v8.writeHeapSnapshot(`${file}.${Date.now()}.heapsnapshot`)
      : undefined;
    appendFileSync(
      file,
      JSON.stringify({
        at: new Date().toISOString(),
        rssBeforeGc: mib(before.rss),
        heapUsedBeforeGc: mib(before.heapUsed),
        rss: mib(usage.rss),
        heapTotal: mib(usage.heapTotal),
        heapUsed: mib(usage.heapUsed),
        external: mib(usage.external),
        arrayBuffers: mib(usage.arrayBuffers),
        heapLimit: mib(v8.getHeapStatistics().heap_size_limit),
        spaces,
        pgliteWasm: client ? mib(client.Module.HEAPU8.buffer.byteLength) : undefined,
        snapshot,
      }) + '\n',
    );
  });
}
