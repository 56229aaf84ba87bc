export { createLogger, getLogger } from './logger';
export { redactUrl, REDACT_PATHS, REDACTED_FIELDS } from './redact';
