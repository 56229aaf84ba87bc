import { getDb } from '@/lib/db';
import { testInvoicePdf } from '@/lib/invoices';
import { getRegistrationByRef } from '@/lib/registration';
import { fileDownloadHeaders } from '@/lib/silo';
import { withinRateLimit } from '../../load';

type Context = { params: Promise<{ ref: string; attempt: string }> };

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * The wizard's test invoice as a PDF, for the registration whose ref is in the address (the ref is
 * the credential, as on its pages): only a finished registration, only the invoice its own form
 * token issued. Anything else is the same plain 404 as an unknown ref.
 */
export async function GET(_request: Request, { params }: Context) {
  const { ref, attempt } = await params;
  const db = await getDb();
  const registration = await getRegistrationByRef(db, ref);
  if (!registration?.authorizedAt || registration.renewal) return plain(404, 'Not found');
  if (!(await withinRateLimit(ref))) return plain(429, 'Too many requests');
  const found = await testInvoicePdf(db, registration, attempt);
  if (!found) return plain(404, 'Not found');
  return new Response(new Uint8Array(found.content), {
    headers: {
      ...fileDownloadHeaders(found.file),
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    },
  });
}
