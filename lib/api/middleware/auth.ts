import type { Context } from 'hono';
import { authenticateApiKey } from '@/lib/workspaces';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/**
 * `Authorization: Bearer <key>`: the request's one workspace goes on the context, or the answer is
 * a 401 with its challenge.
 */
export async function authenticateRequest(c: Context<ApiEnv>): Promise<Response | undefined> {
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
  return undefined;
}

function withHeaders(response: Response, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
