'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/console/ui';

/** Opens the browser's print dialog (where "Save as PDF" is); never printed itself. */
export function PrintButton() {
  const t = useTranslations('invoicePrint');
  return (
    <button type="button" className={`${buttonClass} print:hidden`} onClick={() => window.print()}>
      {t('print')}
    </button>
  );
}
