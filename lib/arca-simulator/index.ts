// The simulated ARCA the demo and tests use. Only server.ts (and the arca:check CLI) load it, with a
// dynamic import while ARCA_SIMULATOR=on; production code never imports it (tests/unit/simulator-isolation.test.ts).
export { createArcaSimulator } from './create-arca-simulator';
export type { ArcaSimulatorOptions } from './create-arca-simulator';
export { trustSimulatorCas } from './trust-simulator-cas';
export { createCa } from './create-ca';
export type { CaMaterial } from './create-ca';
export { signCsr } from './sign-csr';
export { getSimulatorCas, SIMULATOR_ORGANIZATION } from './simulator-cas';
export { issueCertificate } from './issue-certificate';
export type { IssueCertificateInput, IssueCertificateResult } from './issue-certificate';
export { authorizeService, SIMULATED_SERVICES } from './authorize-service';
export type { AuthorizeResult } from './authorize-service';
export { addPointOfSale, EMISSION_TYPES } from './add-point-of-sale';
export type { PointOfSaleInput, EmissionType, AddPointOfSaleResult } from './add-point-of-sale';
export { handleLoginCms } from './handle-login-cms';
export { handleWsfe } from './handle-wsfe';
export { handleWsct } from './handle-wsct';
export { wsaaFault } from './soap-responses';
export { injectWsfeFault } from './wsfe-faults';
export type { WsfeFault } from './wsfe-faults';
