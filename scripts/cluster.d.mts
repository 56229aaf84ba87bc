export interface ClusterOptions {
  /** PostgreSQL; required (PGlite belongs to one process). */
  databaseUrl: string | undefined;
  /** One app instance per port, each started with RUNNER=off. */
  ports: number[];
  /** `npm run worker` processes; 1 by default, or one per worker port. */
  workers?: number;
  /** One WORKER_PORT per worker (its /healthz, /readyz, /metrics); none by default. WORKER_PORT in the caller's environment is never passed on. */
  workerPorts?: number[];
  /** Added to every child's environment (ARCA URLs, LOG_LEVEL, limits…). */
  env?: Record<string, string>;
  /** How long an instance may take to answer /healthz; 300 000 ms by default (Next starts slowly on a busy machine). */
  readyTimeoutMs?: number;
  /** `prefixed` (default) writes each child's lines as `[app-1] …`; `kept` only keeps the last 40 for errors. */
  output?: 'prefixed' | 'kept';
}

export interface ClusterProcess {
  name: string;
  pid: number | undefined;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGTERM: graceful; SIGKILL: a crash) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Its last 40 lines of output. */
  lastLines(): string[];
}

export interface ClusterInstance extends ClusterProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
}

export interface ClusterWorker extends ClusterProcess {
  /** Its WORKER_PORT and http://127.0.0.1:<port>, when workerPorts gave it one. */
  port?: number;
  url?: string;
}

export interface Cluster {
  instances: ClusterInstance[];
  workers: ClusterWorker[];
  /** Rejects when any child exits before stop() was called (never resolves). */
  failed: Promise<never>;
  /** Stops every child (SIGTERM by default) and waits for all of them. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;
