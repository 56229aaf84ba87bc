import type { MiddlewareHandler } from 'hono';
import { authenticateApiKey } from '@/lib/workspaces';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/** `Authorization: Bearer <key>`; every request after this knows its one workspace. */
export const requireApiKey: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const challenge = { 'WWW-Authenticate': 'Bearer realm="api"' };
  if (!match)
    return withHeaders(
      problemResponse(c, 401, 'Send your API key as "Authorization: Bearer <key>".'),
      challenge,
    );
  const principal = await authenticateApiKey(c.get('db'), match[1]!);
  if (!principal)
    return withHeaders(
      problemResponse(c, 401, 'This API key is not valid or has been revoked.'),
      challenge,
    );
  c.set('principal', principal);
  await next();
};

function withHeaders(response: Response, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
