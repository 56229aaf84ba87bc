'use server';

import { z } from 'zod';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { redirect, type Locale } from '@/lib/i18n';
import { REGIMES, updateProgress } from '@/lib/registration';
import { requireStep, withinRateLimit } from '../load';

export type CompanyState = { error?: string; regime?: string };

const input = z.object({ regime: z.enum(REGIMES) });

export async function saveCompany(ref: string, locale: Locale, _prev: CompanyState, form: FormData): Promise<CompanyState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  if (!(await withinRateLimit(ref))) return { error: t('rateLimited') };
  const registration = await requireStep(ref, locale, 'company');
  const parsed = input.safeParse({ regime: form.get('regime') });
  if (!parsed.success) return { error: t('company.regimeRequired') };
  await updateProgress(await getDb(), registration.entryId, 'certificate', { regime: parsed.data.regime });
  redirect({ href: `/reg/${ref}/certificate`, locale });
  return {};
}
