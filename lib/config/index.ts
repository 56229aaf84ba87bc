export { getEnv, parseEnv, resolveMasterKey, resolveMasterKeys, ConfigError } from './env';
export type { MasterKeys } from './env';
