export { createRequestHandler } from './create-request-handler';
export type { RequestHandlerOptions } from './create-request-handler';
