// WSFE's error codes the send path acts on; what each says to a person is under
// `invoicing.arcaCodes` (lib/invoice-model/arca-invoice-codes.ts).

/**
 * 10016: the voucher's number is not the next one of its sequence, or its date falls outside ARCA's
 * window or before the sequence's last voucher.
 */
export const WSFE_NOT_NEXT = 10016;

/** 11002: the point of sale is not enabled for web services. */
export const WSFE_POINT_OF_SALE_NOT_ENABLED = 11002;
