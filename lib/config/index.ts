export { getEnv, parseEnv, resolveMasterKey, ConfigError, arcaHosts } from './env';
export type { AppEnv } from './env';
