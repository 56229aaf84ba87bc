/**
 * The templates the console offers, the first one chosen unless another is. Not in actions.ts: a
 * 'use server' module's exports reach a client component as server references, never as values.
 */
export const CONSOLE_TEMPLATES = ['ar-supplier-registration', 'ar-invoice'] as const;
