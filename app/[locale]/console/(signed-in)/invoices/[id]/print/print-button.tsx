'use client';

import { buttonClass } from '@/components/console/ui';

/**
 * Opens the browser's print dialog (where "Save as PDF" is); never printed itself. The label comes
 * from the page: the printed voucher's copy is not among the messages sent to the browser.
 */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className={`${buttonClass} print:hidden`} onClick={() => window.print()}>
      {label}
    </button>
  );
}
