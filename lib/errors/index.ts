export { DomainError, ERROR_KINDS, type ErrorKind, type MessageKey } from './domain-error';
