import type { IncomingMessage, ServerResponse } from 'node:http';
import { actionReplyProblem } from './action-reply-problem';
import { plainPageLocale, sendPlainPage } from './plain-pages';

/**
 * A server action posted with JavaScript (`Next-Action`) whose arguments Next's decoder would throw
 * on (a bare 500): answered 400 here. Its body, already bounded by refuseUnfitPost (a declared
 * length under the action limit), is read, checked, and put back in front of the stream for Next to
 * read as if untouched. Returns whether it answered.
 */
export async function refuseGarbledAction(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  if (req.method !== 'POST' || req.headers['next-action'] === undefined) return false;
  const body = await readDeclaredBody(req);
  const problem = await actionReplyProblem(String(req.headers['content-type'] ?? ''), body);
  if (problem === undefined) {
    req.unshift(body);
    return false;
  }
  const locale = plainPageLocale(path);
  sendPlainPage(res, 400, 'badRequest', locale, path);
  return true;
}

/**
 * The body's declared length in bytes, read without ending the stream: each read takes exactly what
 * is buffered, so `end` is not emitted and the bytes can be unshifted back for Next.
 */
function readDeclaredBody(req: IncomingMessage): Promise<Buffer> {
  const length = Number(req.headers['content-length'] ?? 0);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error?: Error) => {
      req.off('readable', onReadable);
      req.off('error', finish);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onClose = () => finish(new Error('the client closed the connection mid-body'));
    const onReadable = () => {
      while (received < length && req.readableLength > 0) {
        const chunk = req.read(Math.min(req.readableLength, length - received)) as Buffer | null;
        if (chunk === null) break;
        chunks.push(chunk);
        received += chunk.length;
      }
      if (received >= length || req.readableEnded) finish();
    };
    req.on('readable', onReadable);
    req.once('error', finish);
    req.once('close', onClose);
    if (length === 0) finish();
  });
}
