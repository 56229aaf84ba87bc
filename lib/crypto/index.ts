export { createKeyring } from './keyring';
export { sealSecret } from './seal-secret';
export { openSecret, sealedKeyVersion, SealError } from './open-secret';
export { resealSecret } from './reseal-secret';
export { getMasterKeyring } from './master-keyring';
export { resealRows, currentSealPattern } from './reseal-rows';
export type { ResealCount, SealedRow } from './reseal-rows';
export type { Keyring } from './keyring';
