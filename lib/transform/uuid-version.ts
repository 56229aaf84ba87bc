import { validate, version } from 'uuid';

/** Job ids chosen by clients must be time-based (v1 or v7), as the Invopop API requires. */
export function isTimeBasedUuid(id: string): boolean {
  return validate(id) && [1, 7].includes(version(id));
}
