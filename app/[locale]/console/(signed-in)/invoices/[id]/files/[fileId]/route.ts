import { getDb } from '@/lib/db';
import { getPathname, localeParams } from '@/lib/i18n';
import { fileDownloadHeaders, getEntryFile } from '@/lib/silo';
import { isUuid } from '@/components/console/is-uuid';
import { currentOperator } from '../../../../../session';

type Context = { params: Promise<{ locale: string; id: string; fileId: string }> };

/**
 * Downloads one of an invoice's files for the signed-in operator: only a file of an entry of the
 * operator's own workspace (from the session, never the request); anything else is the same 404.
 */
export async function GET(_request: Request, { params }: Context) {
  const { locale, id, fileId } = await localeParams(params);
  const operator = await currentOperator();
  if (!operator)
    return new Response(null, {
      status: 303,
      headers: { Location: getPathname({ href: '/console/sign-in', locale }) },
    });
  const found =
    isUuid(id) && isUuid(fileId)
      ? await getEntryFile(await getDb(), operator.workspaceId, id, fileId)
      : undefined;
  if (!found)
    return new Response('Not found', {
      status: 404,
      headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return new Response(new Uint8Array(found.content), { headers: fileDownloadHeaders(found.file) });
}
