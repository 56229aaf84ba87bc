import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { getEnv } from '@/lib/config';
import { REDACT_PATHS } from './redact';
import { serializeError } from './redact-error';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'arca-registration' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

const globalForLog = globalThis as unknown as { __arcaLogger?: Logger };

export function getLogger(): Logger {
  globalForLog.__arcaLogger ??= createLogger(getEnv().logLevel);
  return globalForLog.__arcaLogger;
}
