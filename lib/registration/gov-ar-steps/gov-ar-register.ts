import 'server-only';
import type { StepHandler } from '@/lib/transform';
import { createRegistrationLink } from '../create-link';
import { requireGovAr } from './require-gov-ar';

/** Creates (once) the entry's registration link: meta gov-ar/link with link_url. */
export const govArRegister: StepHandler = async (ctx) => {
  const { db, job } = ctx;
  const refused = await requireGovAr(ctx);
  if (refused) return refused;
  await createRegistrationLink(db, job.ownerId, job.siloEntryId);
  return { status: 'OK', message: 'registration link ready (meta gov-ar/link)' };
};
