// Connection-level failures: the database is down, restarting or refusing connections, so the
// request may succeed if retried later. Anything else (a constraint, a syntax error) is a bug or a
// refusal, never "unavailable".
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// SQLSTATE: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or
// stopping), 53300 too_many_connections; class 08 is "connection exception".
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres says these in words only, with no code.
const PG_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/** Whether an error (or one it wraps, as Drizzle wraps the driver's) means the database cannot be reached now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && (NODE_CODES.has(code) || SQL_STATES.has(code))) return true;
    if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (PG_MESSAGES.some((m) => at instanceof Error && at.message.includes(m))) return true;
    at = at.cause;
  }
  return false;
}
