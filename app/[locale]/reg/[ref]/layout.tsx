import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { ClientMessages } from '@/components/ui/client-messages';
import { EnvBadge } from '@/components/wizard/env-badge';
import { localeParams } from '@/lib/i18n';
import { findRegistration, loadRegistration } from './load';

type Props = { children: ReactNode; params: Promise<{ locale: string; ref: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ref, locale } = await localeParams(params);
  const robots = { index: false, follow: false };
  // No notFound() here: an unknown ref must render the plain 404 page with its usual title.
  const registration = await findRegistration(ref);
  if (!registration) return { robots };
  const t = await getTranslations({ locale, namespace: 'wizard.meta' });
  return { title: t('title', { company: registration.company.name }), robots };
}

export default async function RegistrationLayout({ children, params }: Props) {
  const { ref } = await params;
  const registration = await loadRegistration(ref);
  const t = await getTranslations('wizard');
  if (registration.linkRevoked) {
    return (
      <section aria-labelledby="revoked-title" className="space-y-3">
        <h1 id="revoked-title" className="text-2xl font-bold">
          {t('revoked.title')}
        </h1>
        <p>{t('revoked.body')}</p>
      </section>
    );
  }
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-4">
        <div>
          <p className="font-semibold">{registration.company.name}</p>
          <p className="text-sm text-slate-700">CUIT {formatCuit(registration.company.cuit)}</p>
        </div>
        <EnvBadge environment={registration.environment} />
      </div>
      <ClientMessages
        namespaces={[
          'wizard.copy',
          'wizard.nav',
          'wizard.company',
          'wizard.certificate',
          'wizard.upload',
          'wizard.error',
        ]}
      >
        {children}
      </ClientMessages>
    </div>
  );
}
