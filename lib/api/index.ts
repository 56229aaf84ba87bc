export { createApiApp, isApiPath } from './app';
export type { ApiOptions } from './app';
