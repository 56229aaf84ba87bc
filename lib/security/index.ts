export { contentSecurityPolicy, isRegistrationPath, pageSecurityHeaders } from './headers';
export { acceptClientAddress, CLIENT_ADDRESS_HEADER } from './client-address';
export { requestClientAddress } from './request-client-address';
