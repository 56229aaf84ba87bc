export { createRequestHandler } from './create-request-handler';
