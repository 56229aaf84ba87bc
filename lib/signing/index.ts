export { workspaceSigner } from './workspace-signer';
export type { Signer } from './workspace-signer';
export { workspaceJwks } from './workspace-jwks';
export type { PublicJwk } from './new-signing-key';
export { signEnvelope } from './sign-envelope';
export { resealSigningKeys } from './reseal-signing-keys';
