import type { PdfConfig } from '@/lib/transform';

// The pdf step's choices for the form's selects. Not imported from lib/transform, which is server
// code; the types keep both lists to what the step's schema accepts.
export const PDF_LOCALES = ['es', 'en'] as const satisfies readonly NonNullable<
  PdfConfig['locale']
>[];
export const PDF_LAYOUTS = ['A4', 'letter'] as const satisfies readonly NonNullable<
  PdfConfig['layout']
>[];
