import { getDb } from '@/lib/db';
import { getCsrPem, getRegistrationByRef } from '@/lib/registration';

type Context = { params: Promise<{ ref: string }> };

/** The CSR as a file, for ARCA's "Agregar alias" upload (live). Unknown refs get the same 404 as pages. */
export async function GET(_request: Request, { params }: Context) {
  const { ref } = await params;
  const db = await getDb();
  const registration = await getRegistrationByRef(db, ref);
  const csr = registration && (await getCsrPem(db, registration.entryId));
  if (!registration || !csr) return new Response('Not found', { status: 404 });
  const alias = registration.credentials?.alias ?? 'pedido';
  return new Response(csr, {
    headers: {
      'Content-Type': 'application/pkcs10',
      'Content-Disposition': `attachment; filename="${alias}.csr"`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    },
  });
}
