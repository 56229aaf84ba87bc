// Loaded with `--import` (NODE_OPTIONS, which refuses `--cpu-prof` on Node 20) when CPU_PROFILE_DIR
// is set: profiles this process's main thread from its first SIGUSR2 (the bench sends it when the
// measured run starts) to its exit, and writes <CPU_PROFILE_DIR>/<pid>.cpuprofile.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  process.once('SIGUSR2', () => {
    session.post('Profiler.enable');
    session.post('Profiler.start');
    // An in-thread session answers synchronously, so the profile is written before the process ends.
    process.once('exit', () =>
      session.post('Profiler.stop', (error, result) => {
        if (!error)
          writeFileSync(
            path.join(dir, `${process.pid}.cpuprofile`),
            JSON.stringify(result.profile),
          );
      }),
    );
  });
}
