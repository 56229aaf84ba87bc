import { getDb } from '@/lib/db';
import { renderInvoicePdf } from '@/lib/invoice-print';
import { isUuid } from '@/components/console/is-uuid';
import { currentOperator } from '../../../../session';

type Context = { params: Promise<{ locale: string; id: string }> };

/**
 * The invoice's PDF, rendered on demand for the signed-in operator, in the console's language (the
 * same renderer as the pdf step's). Another workspace's invoice, or none, is the same 404.
 */
export async function GET(_request: Request, { params }: Context) {
  const { locale, id } = await params;
  const operator = await currentOperator();
  if (!operator) return new Response('Unauthorized', { status: 401 });
  const rendered = isUuid(id)
    ? await renderInvoicePdf(await getDb(), operator.workspaceId, id, {
        locale: locale === 'en' ? 'en' : 'es',
      })
    : undefined;
  if (!rendered) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(rendered.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${rendered.layout.fileName}"`,
      'Content-Length': String(rendered.pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
