export type { ArcaEnvironment, ArcaOutcome } from './types';
export { normalizeCuit, validateCuit, formatCuit, cuitCheckDigit } from './cuit';
export type { CuitProblem } from './cuit';
export { deriveAlias, validateAlias } from './alias';
export { generateKeyPair } from './generate-key-pair';
export { startRsaKeyPool } from './key-pool/start-rsa-key-pool';
export { takeRsaKeyPair } from './key-pool/take-rsa-key-pair';
export { createCsr, CsrInputError } from './create-csr';
export { readCertificate, MAX_INPUT_BYTES } from './read-certificate';
export { readPrivateKey } from './read-private-key';
export { readCredentials } from './read-credentials';
export type { CredentialsResult } from './read-credentials';
export { checkCertificate } from './check-certificate';
export type { CertificateVerdict } from './check-certificate';
export { cuitFromSubject } from './summarize-certificate';
export type { CertificateSummary } from './summarize-certificate';
export { arcaTrustStore, extendTrustStore } from './trust-store';
export { explainOutcome, isKnownCode } from './explain-outcome';
export { argentinaTime } from './wsaa/build-tra';
export { signCms } from './wsaa/sign-cms';
export { verifyCms } from './wsaa/verify-cms';
export { loginCms, loginCmsEnvelope } from './wsaa/login-cms';
export { parseLoginCmsResponse } from './wsaa/parse-login-cms';
export type { AccessTicket } from './wsaa/parse-login-cms';
export { WSAA_FAULTS, mapWsaaFault } from './wsaa/wsaa-faults';
export type { WsaaFaultName } from './wsaa/wsaa-faults';
export { getAccessTicket } from './wsaa/get-access-ticket';
export { resealArcaTickets } from './wsaa/reseal-tickets';
export {
  checkTicket,
  clockDifference,
  isIssuedTo,
  ticketHolder,
  TICKET_LIFETIME_MS,
} from './wsaa/check-ticket';
export {
  feDummy,
  getPointsOfSale,
  getLastAuthorized,
  getVoucher,
  requestCae,
  requestCaes,
  getVouchersPerRequest,
  getVoucherTypes,
  getDocumentTypes,
  getVatRates,
  getCurrencies,
  getConceptTypes,
  getExchangeRate,
  getReceiverVatConditions,
} from './wsfe/wsfe-client';
export type { WsfeOptions, WsfeAuth } from './wsfe/wsfe-client';
export type {
  FeVoucher,
  NumberedFeVoucher,
  FeVatLine,
  FeTaxLine,
  FeAssociatedVoucher,
} from './wsfe/fe-cae-request';
export { feVoucherSchema, numberedFeVoucherSchema } from './wsfe/fe-voucher-schema';
export { buildFeCaeRequest, buildFeCaeRequests } from './wsfe/build-fe-cae-request';
export { hashVoucher } from './hash-voucher';
export { parseFeCaeAnswer, parseFeCaeResponse } from './wsfe/parse-fe-cae-response';
export type { FeCaeAnswer, CaeResult } from './wsfe/parse-fe-cae-response';
export { parseFeVoucher, twoDecimals } from './wsfe/parse-fe-voucher';
export type { ConsultedFeVoucher } from './wsfe/parse-fe-voucher';
export {
  parseFeCatalogue,
  parseFeExchangeRate,
  parseFeReceiverVatConditions,
  FE_CATALOGUES,
} from './wsfe/parse-fe-params';
export type {
  FeCatalogueEntry,
  FeCatalogueMethod,
  FeExchangeRate,
  FeReceiverVatCondition,
} from './wsfe/parse-fe-params';
export { parseFeDummy, parsePointsOfSale, parseLastAuthorized } from './wsfe/parse-wsfe';
export type { WsfeError, WsfeResult } from './wsfe/parse-wsfe';
export type { PointOfSale } from './wsfe/parse-wsfe';
export { getTrustStore, trustExtraCas } from './get-trust-store';
export type { ExtraCaSource } from './get-trust-store';
// The building blocks the simulated ARCA (lib/arca-simulator) answers with.
export { parseSoap, pick, text, escapeXml } from './soap/parse-soap';
export type { XmlNode, XmlValue } from './soap/parse-soap';
export { findChain } from './find-chain';
export { nameField } from './summarize-certificate';
export { x509, webcrypto, RSA_SHA256, OID_SERIAL_NUMBER, importSigningKey } from './x509';
export {
  ctDummy,
  getLastCtAuthorized,
  getCtVoucher,
  getCtPointsOfSale,
  getCtCatalogue,
  requestCtCae,
  wsctEnvelope,
  WSCT_NAMESPACE,
} from './wsct/wsct-client';
export type { WsctOptions, WsctAuth } from './wsct/wsct-client';
export { CT_VOUCHER_TYPES } from './wsct/ct-voucher';
export { ctVoucherSchema } from './wsct/ct-voucher-schema';
export type {
  CtVoucher,
  CtVoucherType,
  NumberedCtVoucher,
  CtItem,
  CtTaxLine,
  CtVatSubtotal,
  CtAssociatedVoucher,
} from './wsct/ct-voucher';
export { buildCtRequest } from './wsct/build-ct-request';
export { parseCtAuthorizeResponse } from './wsct/parse-ct-authorize-response';
export type { CtResult } from './wsct/parse-ct-authorize-response';
export { parseCtVoucher, CT_NOT_FOUND } from './wsct/parse-ct-voucher';
export { parseCtPointsOfSale } from './wsct/parse-ct-points-of-sale';
export type { CtPointOfSale } from './wsct/parse-ct-points-of-sale';
export type { ConsultedCtVoucher } from './wsct/parse-ct-voucher';
export { parseCtCatalogue, parseCtLastAuthorized, CT_CATALOGUES } from './wsct/parse-wsct';
export type {
  CtCatalogueEntry,
  CtCatalogueMethod,
  WsctMessage,
  WsctResult,
} from './wsct/parse-wsct';
