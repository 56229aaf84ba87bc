export { contentSecurityPolicy, isRegistrationPath, pageSecurityHeaders } from './headers';
