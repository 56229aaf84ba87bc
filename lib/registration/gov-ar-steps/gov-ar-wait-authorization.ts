import 'server-only';
import type { StepHandler } from '@/lib/transform';
import { isRegistrationAuthorized } from '../complete-registration';
import { isRenewing } from '../start-renewal';
import { requireGovAr } from './require-gov-ar';

/**
 * Parks the job until the supplier's certificate is validated (the wizard's completion wakes it);
 * during a renewal, until the new certificate validated and replaced the current one.
 */
export const govArWaitAuthorization: StepHandler = async (ctx) => {
  const { db, job } = ctx;
  const refused = await requireGovAr(ctx);
  if (refused) return refused;
  const settled = async () =>
    (await isRegistrationAuthorized(db, job.siloEntryId)) &&
    !(await isRenewing(db, job.siloEntryId));
  if (await settled()) return { status: 'OK', message: 'certificate authorised for wsfe' };
  const renewing = await isRenewing(db, job.siloEntryId);
  return {
    status: 'QUEUED',
    message: renewing
      ? 'renewal: waiting for the supplier to validate their new ARCA certificate (the current one stays in use)'
      : 'waiting for the supplier to validate their ARCA certificate',
    recheck: settled,
  };
};
