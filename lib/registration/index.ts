export { createRegistrationLink, newRef, LINK_SRC, LINK_KEY } from './create-link';
export { completeRegistration, isRegistrationAuthorized } from './complete-registration';
export { getCertificateStatus } from './get-certificate-status';
export type { CertificateStatus } from './get-certificate-status';
