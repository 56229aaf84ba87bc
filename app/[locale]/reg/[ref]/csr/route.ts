import { getDb } from '@/lib/db';
import { currentCsr, getRegistrationByRef } from '@/lib/registration';

type Context = { params: Promise<{ ref: string }> };

/** The CSR as a file, for ARCA's "Agregar alias" upload (live). Unknown refs get the same 404 as pages. */
export async function GET(_request: Request, { params }: Context) {
  const { ref } = await params;
  const registration = await getRegistrationByRef(await getDb(), ref);
  const csr = registration && currentCsr(registration);
  if (!csr) return new Response('Not found', { status: 404 });
  return new Response(csr.csrPem, {
    headers: {
      'Content-Type': 'application/pkcs10',
      'Content-Disposition': `attachment; filename="${csr.alias}.csr"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    },
  });
}
