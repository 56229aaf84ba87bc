import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { getEnv } from '@/lib/config';
import { REDACT_PATHS } from './redact';
import { serializeError } from './redact-error';
import { currentRequestId } from './request-context';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'arca-registration' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      formatters: { level: (label) => ({ level: label }) },
      // Every line written while a request is handled names it, whoever logs (a domain verb too).
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

const globalForLog = globalThis as unknown as { __arcaLogger?: Logger };

export function getLogger(): Logger {
  globalForLog.__arcaLogger ??= createLogger(getEnv().logLevel);
  return globalForLog.__arcaLogger;
}
