import { stdSerializers } from 'pino';
import { currentRequestId } from './request-context';

const REDACTED = '[redacted]';
const MAX_CAUSES = 16;

/**
 * A copy of `error` without the values a failed query carried. Drizzle puts a query's parameters
 * (a sealed key, a CSR, an email) in the error's message, stack and `params`, PGlite in `params`,
 * and the drivers quote a refused value in messages ("invalid input syntax for type uuid: \"…\"")
 * and in `detail` ("Key (email)=(…) already exists"): none of it may reach a log line. The
 * original error is left as it is (it may still be handled after being logged).
 */
export function redactError<T>(error: T, depth = 0): T {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return error;
  const paramsText =
    'params' in error && Array.isArray(error.params) ? `params: ${error.params}` : undefined;
  const scrub = (text: string) =>
    redactQuotedValues(paramsText ? text.split(paramsText).join(`params: ${REDACTED}`) : text);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error &
    Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
    if ('value' in descriptor)
      Object.defineProperty(copy, key, {
        ...descriptor,
        value: redactValue(key, descriptor.value, scrub, depth),
      });
  }
  return copy as T;
}

function redactValue(
  key: string,
  value: unknown,
  scrub: (text: string) => string,
  depth: number,
): unknown {
  if (key === 'params') return REDACTED;
  if (key === 'cause') return redactError(value, depth + 1);
  if (key === 'detail' && typeof value === 'string') return redactKeyValues(value);
  if ((key === 'message' || key === 'stack') && typeof value === 'string') return scrub(value);
  return value;
}

/** pino's error serializer, on the redacted copy. */
export function serializeError(error: unknown): unknown {
  return stdSerializers.err(redactError(error) as Error);
}

/**
 * Next prints errors thrown while rendering or in a server action with console.error, outside
 * pino: those pass through the same redaction, and end with the request's id while one is handled.
 */
export function redactConsoleErrors(target: Pick<Console, 'error' | 'warn'> = console): void {
  for (const method of ['error', 'warn'] as const) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => {
      const requestId = currentRequestId();
      original(...args.map((arg) => redactError(arg)), ...(requestId ? [{ requestId }] : []));
    };
  }
}

const redactQuotedValues = (text: string) =>
  text.replace(
    /(for type [\w ]+|value too long for type [\w ()]+|for enum [\w ]+): "(?:[^"\\]|\\.)*"/g,
    `$1: "${REDACTED}"`,
  );
const redactKeyValues = (text: string) =>
  text.replace(
    /\)=\((?:.|\n)*?\)( already exists| is not present| conflicts)/g,
    `)=(${REDACTED})$1`,
  );
