export { deliverWebhook } from './deliver';
export { nextRetryDelay, GIVE_UP_AFTER_MS } from './backoff';
export { buildWebhookPayload, signWebhook, webhookMessageId } from './payload';
export { isRefusedDestination, guardedLookup, BlockedDestinationError } from './ssrf';
export type { Resolver } from './ssrf';
