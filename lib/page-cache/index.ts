export { createRegistrationPageServer } from './serve-registration-page';
export { createPublicRequestGuard } from './guard-public-request';
export { PageStore } from './page-store';
export type { StoredPage } from './page-store';
export { matchRegistrationPage, isCacheableRequest } from './match-registration-page';
export { plainPageLocale, sendPlainPage, type PlainPage } from './plain-pages';
