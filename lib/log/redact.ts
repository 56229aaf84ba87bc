// Field names whose values never reach a log line, at any depth pino is told about.
const REDACTED_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'api_key',
  'apiKey',
  'token',
  'password',
  'secret',
  'webhook_secret',
  'private_key',
  'privateKey',
  'key_pem',
  'master_key',
  'certificate',
  'certificate_pem',
  'csr',
  'ref',
  'sign',
] as const;

export const REDACT_PATHS = REDACTED_FIELDS.flatMap((f) => [
  f,
  `*.${f}`,
  `*.*.${f}`,
  `req.headers.${f}`,
]);

/** Registration refs are credentials: mask the ref segment of /reg/<ref> paths. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reg\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:ref|token|key)=)[^&#]*/gi, '$1[redacted]');
}
