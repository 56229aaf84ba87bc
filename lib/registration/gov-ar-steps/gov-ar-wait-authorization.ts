import 'server-only';
import type { StepHandler } from '@/lib/transform';
import { isRegistrationAuthorized } from '../complete-registration';
import { requireGovAr } from './require-gov-ar';

/** Parks the job until the supplier's certificate is validated (the wizard's completion wakes it). */
export const govArWaitAuthorization: StepHandler = async (ctx) => {
  const { db, job } = ctx;
  const refused = await requireGovAr(ctx);
  if (refused) return refused;
  if (await isRegistrationAuthorized(db, job.siloEntryId))
    return { status: 'OK', message: 'certificate authorised for wsfe' };
  return {
    status: 'QUEUED',
    message: 'waiting for the supplier to validate their ARCA certificate',
    recheck: () => isRegistrationAuthorized(db, job.siloEntryId),
  };
};
