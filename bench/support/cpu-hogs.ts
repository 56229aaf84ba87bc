import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `count` processes that each keep one core busy (a tight loop), as other work on the same machine
 * would: the app competes with them for the CPU. Stopped by the function answered.
 */
export function startCpuHogs(count: number): () => Promise<void> {
  const hogs: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return async () => {
    await Promise.all(
      hogs.map(
        (hog) =>
          new Promise<void>((resolve) => {
            if (hog.exitCode !== null || hog.signalCode !== null) return resolve();
            hog.once('exit', () => resolve());
            hog.kill('SIGKILL');
          }),
      ),
    );
  };
}
