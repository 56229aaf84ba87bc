export { createLogger, getLogger } from './logger';
export { redactUrl, REDACT_PATHS, REDACTED_FIELDS } from './redact';
export { redactConsoleErrors, redactError } from './redact-error';
