export { requestHash } from './request-hash';
