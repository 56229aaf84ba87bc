import { CommandRefused } from '@/lib/admin';
import { ConfigError } from '@/lib/config';
import { DataDirBusyError } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redactError } from '@/lib/log';

/**
 * What a failed command prints: a refusal's own message, or for anything unexpected its stack
 * with a failed query's parameters (a sealed key, an email) redacted as in the logs.
 */
export function failureMessage(error: unknown): string {
  const known =
    isParseArgsError(error) ||
    error instanceof ConfigError ||
    error instanceof DataDirBusyError ||
    error instanceof DomainError ||
    error instanceof CommandRefused;
  if (known) return (error as Error).message;
  return String(redactError(error as Error)?.stack ?? error);
}

const isParseArgsError = (error: unknown) =>
  String((error as { code?: unknown })?.code ?? '').startsWith('ERR_PARSE_ARGS');
