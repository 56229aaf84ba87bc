// The numbers live in a JSON file because next.config.mjs reads them too and cannot import
// TypeScript; every other reader imports them from here, so each limit is written once.
import limits from './request-limits.json';

/** The largest certificate, key or pasted text the intake reads: refused past it in the browser and on the server. */
export const MAX_INPUT_BYTES: number = limits.certificateInputBytes;

/** Server actions' body limit (next.config.mjs bodySizeLimit): two files at MAX_INPUT_BYTES and a few fields fit. */
export const MAX_ACTION_BODY_BYTES: number = limits.serverActionBodyBytes;
