import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SupplierForm } from './supplier-form';
import { Card, PageHeader } from '@/components/console/ui';
import { localeParams } from '@/lib/i18n';
import { requireOperator } from '../../../session';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.suppliers'))('newTitle') };
}

export default async function NewSupplierPage({ params }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  await requireOperator();
  const t = await getTranslations('console.suppliers');
  return (
    <>
      <PageHeader title={t('newTitle')} description={t('newLead')} />
      <Card>
        <SupplierForm />
      </Card>
    </>
  );
}
