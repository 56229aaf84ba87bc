export { createRequestHandler } from './create-request-handler';
export { createHealthEndpoints, HEALTH_PATHS } from './health';
export { createMetricsEndpoint, metricsEndpointFor } from './metrics-endpoint';
export { refreshDatabaseReadings } from './database-readings';
export { startOperationsServer, type OperationsServer } from './operations-server';
export { createStaticAssets } from './static-assets';
export { stopSourceMapsUnlessAsked } from './source-maps';
