import 'server-only';
import type { Db } from '@/lib/db';
import { getLogger } from '@/lib/log';
import { runCertificateNotices } from './run-certificate-notices';

interface SchedulerOptions {
  getDb: () => Promise<Db>;
  /** How often to look for due notices; thresholds are days apart, so minutes are plenty. */
  intervalMs?: number;
  /** The clock, for tests. */
  now?: () => Date;
}

export interface CertificateNoticeScheduler {
  /** Runs a pass now (the timer's passes and this one never overlap). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends certificate notices from the runner's process (the app with RUNNER=embedded, or each
 * `npm run worker`): a pass at start and then every `intervalMs`. Any number of instances may run it.
 */
export function startCertificateNotices(options: SchedulerOptions): CertificateNoticeScheduler {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const log = getLogger().child({ scheduler: 'certificate-notices' });
  let pass: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    pass = pass.then(async () => {
      if (stopped) return;
      try {
        const sent = await runCertificateNotices(await options.getDb(), options.now?.());
        if (sent.notices > 0) log.info(sent, 'certificate notices sent');
      } catch (error) {
        log.error({ err: error }, 'certificate notices: pass failed');
      }
    });
    return pass;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  void run();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pass;
    },
  };
}
