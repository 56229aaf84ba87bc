import { stdSerializers } from 'pino';

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;
const REDACTED = '[redacted]';

/**
 * pino's error serializer, minus the values a failed query carried. Drizzle puts a query's
 * parameters (a sealed key, a CSR, an email) in the error's message, stack and `params`, and the
 * drivers quote a refused value in messages ("invalid input syntax for type uuid: \"…\"") and in
 * `detail` ("Key (email)=(…) already exists"): none of it may reach a log line.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return stdSerializers.err(error as Error);
  const paramsTexts = chain(error).flatMap((link) => ('params' in link && Array.isArray(link.params) ? [`params: ${link.params}`] : []));
  const serialized = stdSerializers.err(error) as SerializedError;
  const scrub = (text: string) => redactQuotedValues(paramsTexts.reduce((out, params) => out.split(params).join(`params: ${REDACTED}`), text));
  if (typeof serialized.message === 'string') serialized.message = scrub(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrub(serialized.stack);
  if ('params' in serialized) serialized.params = REDACTED;
  if (typeof serialized.detail === 'string') serialized.detail = redactKeyValues(serialized.detail);
  return serialized;
}

/** The error and its causes, as pino joins their messages and stacks. */
function chain(error: Error): Error[] {
  const links: Error[] = [];
  for (let link: unknown = error; link instanceof Error && links.length < 16 && !links.includes(link); link = link.cause) links.push(link);
  return links;
}

const redactQuotedValues = (text: string) => text.replace(/(for type [\w ]+|value too long for type [\w ()]+|for enum [\w ]+): "(?:[^"\\]|\\.)*"/g, `$1: "${REDACTED}"`);
const redactKeyValues = (text: string) => text.replace(/\)=\((?:.|\n)*?\)( already exists| is not present| conflicts)/g, `)=(${REDACTED})$1`);
