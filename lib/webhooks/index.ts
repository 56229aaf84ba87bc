export { deliverWebhook } from './deliver';
export type { DeliveryRequest, DeliveryResult } from './deliver';
export { nextRetryDelay, GIVE_UP_AFTER_MS } from './backoff';
export { buildWebhookPayload, signWebhook, webhookMessageId } from './payload';
export type { WebhookContext } from './payload';
export { isRefusedDestination, hostAddresses, guardedLookup, BlockedDestinationError } from './ssrf';
export type { Resolver } from './ssrf';
