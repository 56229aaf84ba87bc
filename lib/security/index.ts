export { contentSecurityPolicy, isRegistrationPath, pageSecurityHeaders } from './headers';
export { acceptClientAddress, clientAddressKey, CLIENT_ADDRESS_HEADER } from './client-address';
export { requestClientAddress } from './request-client-address';
export { parseTrustedProxies, type TrustedProxies } from './trusted-proxies';
