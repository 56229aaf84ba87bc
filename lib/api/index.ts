export { createApiApp, isApiPath } from './app';
export { problem, ApiError } from './problem';
