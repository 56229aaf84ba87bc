import { spawn, type ChildProcess } from 'node:child_process';

// A busy loop that ends by itself once the bench that started it is gone (killed, crashed): a
// loop cannot hear a closed pipe, so it signals its parent (signal 0: only asks it is there) between rounds.
const HOG = `const parent = process.ppid; for (;;) { for (let i = 0; i < 1e7; i++); try { process.kill(parent, 0); } catch { process.exit(); } }`;

/**
 * `count` processes that each keep one core busy (a tight loop), as other work on the same machine
 * would: the app competes with them for the CPU. Stopped by the function answered.
 */
export function startCpuHogs(count: number): () => Promise<void> {
  const hogs: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }),
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
