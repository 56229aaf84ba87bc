'use server';

import { z } from 'zod';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n';
import { REGIMES, updateProgress, type Regime } from '@/lib/registration';
import type { ActionState } from '@/components/forms/action-state';
import { requireStep, withinRateLimit } from '../load';
import { moveTo, type StepMove } from '../move-to';

export type CompanyState = ActionState<{ regime?: Regime }> | StepMove;

const input = z.object({ regime: z.enum(REGIMES) });

export async function saveCompany(
  ref: string,
  locale: Locale,
  _prev: CompanyState,
  form: FormData,
): Promise<CompanyState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  if (!(await withinRateLimit(ref)))
    return { status: 'error', errors: [t('rateLimited')], values: {} };
  const registration = await requireStep(ref, locale, 'company');
  const parsed = input.safeParse({ regime: form.get('regime') });
  if (!parsed.success)
    return {
      status: 'error',
      errors: [t('company.regimeRequired')],
      fields: { regime: 'required' },
      values: {},
    };
  await updateProgress(await getDb(), registration.entryId, 'certificate', {
    regime: parsed.data.regime,
  });
  return moveTo(`/reg/${ref}/certificate`, locale);
}
