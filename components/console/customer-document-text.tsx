import { useTranslations } from 'next-intl';
import { formatCuit } from '@/lib/arca';
import type { InvoiceSummary } from '@/lib/invoices';

/** The customer's document as people read it: `CUIT 20-12345678-6`, `DNI 12345678`. */
export function CustomerDocumentText({
  document,
}: {
  document: NonNullable<InvoiceSummary['customer']>['document'];
}) {
  const t = useTranslations('console.invoices.documentTypes');
  if (!document) return null;
  const type = String(document.DocTipo) as '80' | '86' | '87' | '94' | '96';
  const number =
    document.DocTipo === 80 || document.DocTipo === 86
      ? formatCuit(document.DocNro)
      : document.DocNro;
  return (
    <>
      {t(type)} {number}
    </>
  );
}
