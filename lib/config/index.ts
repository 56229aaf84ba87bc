export { getEnv, parseEnv, resolveMasterKey, ConfigError } from './env';
