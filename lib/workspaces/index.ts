export { createWorkspace } from './create-workspace';
export { getWorkspace } from './get-workspace';
export { setWorkspaceEnvironment } from './set-environment';
export { createApiKey } from './create-api-key';
export { listApiKeys } from './list-api-keys';
export { revokeApiKey } from './revoke-api-key';
export {
  authenticateApiKey,
  forgetAuthenticatedKeys,
  REVOCATION_BOUND_MS,
  wasRecentlyValid,
} from './authenticate-api-key';
export type { ApiPrincipal } from './authenticate-api-key';
export { connectApp, disconnectApp, isAppConnected } from './connect-app';
export { hashApiToken } from './tokens';
export { environmentSchema } from './schemas';
