import 'server-only';
import type { StepHandler } from '@/lib/transform';
import { createRegistrationLink } from '../create-link';
import { startRenewal } from '../start-renewal';
import { requireGovAr } from './require-gov-ar';

/**
 * Creates (once) the entry's registration link: meta gov-ar/link with link_url. On a supplier
 * already registered the same link becomes its renewal link (value.renewal: true).
 */
export const govArRegister: StepHandler = async (ctx) => {
  const { db, job } = ctx;
  const refused = await requireGovAr(ctx);
  if (refused) return refused;
  const renewal = await startRenewal(db, job.siloEntryId);
  await createRegistrationLink(db, job.ownerId, job.siloEntryId, { renewal });
  return renewal
    ? { status: 'OK', message: 'renewal link ready (meta gov-ar/link, value.renewal: true)' }
    : { status: 'OK', message: 'registration link ready (meta gov-ar/link)' };
};
