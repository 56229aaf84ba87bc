'use server';

import { getTranslations } from 'next-intl/server';
import { explainOutcome } from '@/lib/arca';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n';
import { checkInvoicingReadiness } from '@/lib/registration';
import type { ActionState } from '@/components/forms/action-state';
import { requireStep, withinRateLimit } from '../load';
import { describeReadiness, type ReadinessView } from './describe-readiness';

export type ReadinessState = ActionState<Record<string, never>, ReadinessView>;

/** Asks ARCA, on the supplier's demand, whether each point of sale can invoice; issues nothing. */
export async function checkReadiness(ref: string, locale: Locale): Promise<ReadinessState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  if (!(await withinRateLimit(ref)))
    return { status: 'error', errors: [t('rateLimited')], values: {} };
  const registration = await requireStep(ref, locale, 'done');
  const readiness = await checkInvoicingReadiness(await getDb(), registration);
  if (!readiness.ok)
    return {
      status: 'error',
      errors: [`${t('readiness.error')} ${explainOutcome(readiness.outcome, locale)}`],
      values: {},
    };
  return { status: 'ok', data: await describeReadiness(readiness, locale) };
}
