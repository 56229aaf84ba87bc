export { createRequestHandler } from './create-request-handler';
export { createHealthEndpoints, HEALTH_PATHS } from './health';
