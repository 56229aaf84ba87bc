export { createRegistrationLink, LINK_SRC, LINK_KEY } from './create-link';
export { newRef, isWellFormedRef, REF_PATTERN } from './ref';
export { completeRegistration, isRegistrationAuthorized } from './complete-registration';
export { getRegistrationByRef, currentCsr } from './get-registration';
export type { RegistrationView, CertificateInfo } from './get-registration';
export type { Supplier } from './supplier';
export { updateProgress } from './update-progress';
export { prepareCsr, suggestedAlias } from './prepare-csr';
export { validateCertificate } from './validate-certificate';
export type { ValidationResult, ArcaEndpoints } from './validate-certificate';
export { bringOwnCredentials } from './bring-own-credentials';
export { keepValidatedCredentials } from './keep-validated-credentials';
export { listPointsOfSale, describePointOfSale } from './list-points-of-sale';
export type {
  PointOfSaleView,
  PointsOfSaleResult,
  PointOfSaleProblem,
} from './list-points-of-sale';
export {
  checkInvoicingReadiness,
  invoiceVoucherTypes,
  isInvoiceVoucherType,
} from './check-invoicing-readiness';
export type {
  InvoicingReadiness,
  PointOfSaleReadiness,
  LastVoucher,
  InvoiceVoucherType,
} from './check-invoicing-readiness';
export { WIZARD_STEPS, REGIMES, canOpenStep, stepIndex, laterStep } from './steps';
export { linkStep } from './link-step';
export type { WizardStep, Regime } from './steps';
export { getCertificateStatus } from './get-certificate-status';
export type { CertificateStatus } from './get-certificate-status';
export { getRegistrationVersion } from './get-registration-version';
export { GOV_AR_STEP_HANDLERS } from './gov-ar-steps';
export { countCertificatesExpiring } from './count-certificates-expiring';
export { findRegisteredSupplier } from './find-registered-supplier';
export type { RegisteredSupplier } from './find-registered-supplier';
export { supplierForInvoicing } from './supplier-for-invoicing';
export type { InvoicingSupplierView } from './supplier-for-invoicing';
export { accessTicketFor, arcaEndpoints } from './access-ticket';
export { requireGovAr } from './gov-ar-steps/require-gov-ar';
export { findSuppliers } from './find-suppliers';
export type { SupplierListItem } from './find-suppliers';
export { certificateExpiry, EXPIRING_WITHIN_DAYS } from './certificate-expiry';
export type { CertificateExpiry } from './certificate-expiry';
export { startCertificateNotices, runCertificateNotices } from './certificate-notices';
export type { CertificateNoticeScheduler } from './certificate-notices';
export { startRenewal, isRenewing } from './start-renewal';
export { resealRegistrationKeys } from './reseal-registration-keys';
