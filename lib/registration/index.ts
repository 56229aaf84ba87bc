export { createRegistrationLink, newRef, LINK_SRC, LINK_KEY } from './create-link';
export { completeRegistration, isRegistrationAuthorized } from './complete-registration';
