import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies } from '@/lib/security/trusted-proxies';

// The one reader of process.env. Everything else asks getEnv().

const boolish = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const rawSchema = z.object({
  APP_ENV: z.enum(['development', 'demo', 'test', 'production']).optional(),
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // Only `npm run worker` reads it: the app answers these paths on PORT.
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REGISTRATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  MASTER_KEY: z.string().optional(),
  // The version MASTER_KEY seals under; raised by one at each rotation (see docs/operations.md).
  MASTER_KEY_VERSION: z.coerce.number().int().min(1).max(255).default(1),
  // Older master keys that still open what they sealed until `npm run master-key:reseal` has run.
  MASTER_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parsePreviousKeys(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  ARCA_SIMULATOR: z.enum(['on', 'off']).optional(),
  ARCA_SANDBOX_WSAA_URL: z.url().optional(),
  ARCA_SANDBOX_WSFE_URL: z.url().optional(),
  ARCA_LIVE_WSAA_URL: z.url().optional(),
  ARCA_LIVE_WSFE_URL: z.url().optional(),
  ARCA_SANDBOX_WSCT_URL: z.url().optional(),
  ARCA_LIVE_WSCT_URL: z.url().optional(),
  WEBHOOK_ALLOW_PRIVATE: boolish.optional(),
  RUNNER: z.enum(['embedded', 'off']).default('embedded'),
  RUNNER_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  RUNNER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  // Jobs a runner holds beyond those it runs, while they only wait (a send for its sequence's turn).
  RUNNER_MAX_WAITING: z.coerce.number().int().min(0).max(10_000).default(500),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  REG_PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  REG_ACTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  REG_ACTIONS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  PAGE_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Admission control per instance (lib/server/admit-request.ts); the defaults follow the CPU count.
  ADMISSION_PAGES_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).optional(),
  ADMISSION_PAGES_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  ADMISSION_API_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).optional(),
  ADMISSION_API_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  ADMISSION_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  // RSA-2048 keys each instance keeps made ahead for the wizard (lib/arca/key-pool); 0: none.
  RSA_KEY_POOL_SIZE: z.coerce.number().int().min(0).max(64).default(8),
  // The reverse proxies in front of the app, by address: `true` would let any peer claim to be one.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `list your proxies' IP addresses or CIDR ranges, comma-separated: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
  // Long enough that guessing it is hopeless; /metrics is off without it.
  METRICS_TOKEN: z.string().min(24, 'use at least 24 characters (openssl rand -hex 16)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type AppEnv = ReturnType<typeof parseEnv>;

/** `2:base64key,1:base64key` → versions and keys (still base64: resolveMasterKeys checks them). */
function parsePreviousKeys(value: string | undefined): { version: number; key: string }[] {
  if (!value) return [];
  const seen = new Set<number>();
  return value.split(',').map((pair) => {
    const match = /^\s*(\d+):(\S+?)\s*$/.exec(pair);
    const version = match ? Number(match[1]) : NaN;
    if (!match || version < 1 || version > 255)
      throw new Error(
        `list older keys as version:key pairs, comma-separated (\`1:<base64 of 32 bytes>\`), versions from 1 to 255; "${match ? `${match[1]}:…` : 'a pair'}" is not one`,
      );
    if (seen.has(version)) throw new Error(`version ${version} is listed twice`);
    seen.add(version);
    return { version, key: match[2]! };
  });
}

const ARCA_HOSTS = {
  sandbox: {
    wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
    // WSCT (Factura T): the URLs pyafipws and ARCA's WSCT manual give.
    wsct: 'https://fwshomo.afip.gov.ar/wsct/CTService',
  },
  live: {
    wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
    wsct: 'https://serviciosjava.afip.gob.ar/wsct/CTService',
  },
} as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Pure: turns a variables object into the validated configuration, or throws ConfigError. */
export function parseEnv(vars: Record<string, string | undefined>) {
  // An empty variable means "not set", as shells and CI files often write it.
  const present = Object.fromEntries(
    Object.entries(vars).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = rawSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const appEnv = raw.APP_ENV ?? (raw.NODE_ENV === 'production' ? 'demo' : 'development');
  const production = appEnv === 'production';
  const simulator = (raw.ARCA_SIMULATOR ?? (production ? 'off' : 'on')) === 'on';
  if (production && simulator) {
    throw new ConfigError(
      'ARCA_SIMULATOR=on is refused when APP_ENV=production: the simulator CAs must never be trusted in production.',
    );
  }
  const clash = raw.MASTER_KEY_PREVIOUS.find((p) => p.version === raw.MASTER_KEY_VERSION);
  if (clash)
    throw new ConfigError(
      `MASTER_KEY_PREVIOUS lists version ${clash.version}, which is MASTER_KEY_VERSION: a new key takes a new version.`,
    );
  const dataDir = path.resolve(raw.DATA_DIR);
  const base = (raw.REGISTRATION_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const arcaBase = simulator ? `http://127.0.0.1:${raw.PORT}/simulator/arca` : undefined;
  return {
    appEnv,
    production,
    port: raw.PORT,
    host: raw.HOST,
    workerPort: raw.WORKER_PORT,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    registrationUrl: base,
    masterKey: raw.MASTER_KEY,
    masterKeyVersion: raw.MASTER_KEY_VERSION,
    masterKeyPrevious: raw.MASTER_KEY_PREVIOUS,
    logLevel: raw.LOG_LEVEL,
    metricsToken: raw.METRICS_TOKEN,
    apiRateLimitPerMinute: raw.API_RATE_LIMIT_PER_MINUTE,
    regPageViewsPerMinute: raw.REG_PAGE_VIEWS_PER_MINUTE,
    regActions: {
      ref: raw.REG_ACTIONS_PER_MINUTE,
      address: raw.REG_ACTIONS_PER_ADDRESS_PER_MINUTE,
    },
    pageRequestsPerMinute: raw.PAGE_REQUESTS_PER_MINUTE,
    admission: admissionLimits(raw, availableParallelism()),
    rsaKeyPoolSize: raw.RSA_KEY_POOL_SIZE,
    trustedProxies: raw.TRUST_PROXY,
    embeddedRunner: raw.RUNNER === 'embedded',
    runnerLeaseMs: raw.RUNNER_LEASE_MS,
    runnerConcurrency: raw.RUNNER_CONCURRENCY,
    runnerMaxWaiting: raw.RUNNER_MAX_WAITING,
    arcaSimulator: simulator,
    arca: {
      sandbox: {
        wsaa:
          raw.ARCA_SANDBOX_WSAA_URL ??
          (arcaBase ? `${arcaBase}/sandbox/wsaa` : ARCA_HOSTS.sandbox.wsaa),
        wsfe:
          raw.ARCA_SANDBOX_WSFE_URL ??
          (arcaBase ? `${arcaBase}/sandbox/wsfe` : ARCA_HOSTS.sandbox.wsfe),
        wsct:
          raw.ARCA_SANDBOX_WSCT_URL ??
          (arcaBase ? `${arcaBase}/sandbox/wsct` : ARCA_HOSTS.sandbox.wsct),
      },
      live: {
        wsaa: raw.ARCA_LIVE_WSAA_URL ?? (arcaBase ? `${arcaBase}/live/wsaa` : ARCA_HOSTS.live.wsaa),
        wsfe: raw.ARCA_LIVE_WSFE_URL ?? (arcaBase ? `${arcaBase}/live/wsfe` : ARCA_HOSTS.live.wsfe),
        wsct: raw.ARCA_LIVE_WSCT_URL ?? (arcaBase ? `${arcaBase}/live/wsct` : ARCA_HOSTS.live.wsct),
      },
    },
    webhookAllowPrivate: raw.WEBHOOK_ALLOW_PRIVATE ?? !production,
  };
}

/**
 * Requests handled at once and queued per instance. Pages (Next rendering, server actions) are
 * CPU-bound but also wait on the database and ARCA: 8 per core. API requests are short: 32 per
 * core. Every request waits at most ADMISSION_QUEUE_WAIT_MS. The API's queue holds 8 times its
 * slots (its clients retry on Retry-After by design). The pages' queue holds 64 times: each supplier
 * has one click outstanding, and a crowd opening links at once must wait its turn rather than be
 * turned away (with 8 times, 400 at once on 2 cores left some refused twenty times in a row); a
 * queued request is only a paused socket, and the wait bound, not the queue, limits the wait.
 */
function admissionLimits(
  raw: {
    ADMISSION_PAGES_IN_FLIGHT?: number;
    ADMISSION_PAGES_QUEUE?: number;
    ADMISSION_API_IN_FLIGHT?: number;
    ADMISSION_API_QUEUE?: number;
    ADMISSION_QUEUE_WAIT_MS: number;
  },
  cpus: number,
) {
  const pages = raw.ADMISSION_PAGES_IN_FLIGHT ?? 8 * cpus;
  const api = raw.ADMISSION_API_IN_FLIGHT ?? 32 * cpus;
  const maxWaitMs = raw.ADMISSION_QUEUE_WAIT_MS;
  return {
    pages: { inFlight: pages, queue: raw.ADMISSION_PAGES_QUEUE ?? 64 * pages, maxWaitMs },
    api: { inFlight: api, queue: raw.ADMISSION_API_QUEUE ?? 8 * api, maxWaitMs },
  };
}

const DEV_KEY_FILE = 'master.dev.key';

/** A configured master key as 32 bytes; `name` says which variable holds it in every refusal. */
function checkedKey(env: AppEnv, name: string, base64: string, devFile: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32 || key.toString('base64') !== base64.trim()) {
    throw new ConfigError(
      `${name} must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32).`,
    );
  }
  if (env.production && new Set(key).size < 8) {
    throw new ConfigError(
      `${name} is too weak for production: generate one with \`openssl rand -base64 32\`.`,
    );
  }
  if (
    env.production &&
    existsSync(devFile) &&
    readFileSync(devFile, 'utf8').trim() === base64.trim()
  ) {
    throw new ConfigError(
      `${name} is the development key generated into DATA_DIR; production needs its own.`,
    );
  }
  return key;
}

/**
 * The master key as 32 bytes. Outside production a development key is generated into DATA_DIR;
 * in production a missing, malformed, weak or development key stops the process.
 */
export function resolveMasterKey(env: AppEnv): Buffer {
  const devFile = path.join(env.dataDir, DEV_KEY_FILE);
  if (env.masterKey) return checkedKey(env, 'MASTER_KEY', env.masterKey, devFile);
  if (env.production) {
    throw new ConfigError(
      'MASTER_KEY is required when APP_ENV=production (base64 of 32 bytes: `openssl rand -base64 32`).',
    );
  }
  const read = () => Buffer.from(readFileSync(devFile, 'utf8').trim(), 'base64');
  if (existsSync(devFile)) return read();
  // Only this user: the folder holds the database, this key and the control socket.
  mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
  // Written aside, then linked into place: link() fails if the file exists and never exposes a
  // half-written key, so when several processes start at once the first key wins and all read it.
  const draft = `${devFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
  try {
    linkSync(draft, devFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return read();
}

export interface MasterKeys {
  /** What new seals use: MASTER_KEY (or the development key) as MASTER_KEY_VERSION. */
  current: { version: number; key: Buffer };
  /** MASTER_KEY_PREVIOUS: they only open what they sealed before the rotation. */
  previous: { version: number; key: Buffer }[];
}

/** Every configured master key, checked as MASTER_KEY is; a previous key equal to the current one is refused. */
export function resolveMasterKeys(env: AppEnv): MasterKeys {
  const current = { version: env.masterKeyVersion, key: resolveMasterKey(env) };
  const devFile = path.join(env.dataDir, DEV_KEY_FILE);
  const previous = env.masterKeyPrevious.map(({ version, key }) => {
    const name = `MASTER_KEY_PREVIOUS (version ${version})`;
    const checked = checkedKey(env, name, key, devFile);
    if (checked.equals(current.key))
      throw new ConfigError(
        `${name} is the current MASTER_KEY: a rotation needs a new MASTER_KEY (openssl rand -base64 32).`,
      );
    return { version, key: checked };
  });
  return { current, previous };
}

let cached: AppEnv | undefined;

export function getEnv(): AppEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
