export { createLogger, getLogger } from './logger';
export { redactUrl } from './redact';
export { redactConsoleErrors, redactError } from './redact-error';
export { currentRequestId, withRequestId } from './request-context';
