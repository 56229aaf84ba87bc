export { hitRateLimit } from './hit-rate-limit';
export { LocalRateLimit } from './local-rate-limit';
export { pruneRateLimits, startRateLimitPruning } from './prune-rate-limits';
export { withinAddressAndRefLimits } from './within-address-and-ref-limits';
