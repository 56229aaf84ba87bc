export { contentSecurityPolicy, isRegistrationPath, pageSecurityHeaders } from './headers';
export { acceptClientAddress, clientAddressKey, CLIENT_ADDRESS_HEADER } from './client-address';
export { acceptRequestId, REQUEST_ID_HEADER } from './request-id';
export { requestClientAddress } from './request-client-address';
export { parseTrustedProxies, type TrustedProxies } from './trusted-proxies';
