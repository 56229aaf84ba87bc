export { startCertificateNotices } from './start-certificate-notices';
export type { CertificateNoticeScheduler } from './start-certificate-notices';
export { runCertificateNotices } from './run-certificate-notices';
