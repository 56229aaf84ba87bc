export { createLogger, getLogger } from './logger';
export { redactUrl } from './redact';
export { redactConsoleErrors, redactError } from './redact-error';
