import 'server-only';
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db';
import { hitRateLimit } from './hit-rate-limit';

/**
 * Counts one request against a client address's budget and a registration link's budget (both per
 * minute, shared across instances); whether both still allow it. Buckets are `<scope>-ip:<address>`
 * and `<scope>-ref:<digest>`: refs are credentials, so the shared table only ever holds a digest of one.
 */
export async function withinAddressAndRefLimits(
  db: Db,
  scope: string,
  request: { address: string; ref: string },
  limits: { address: number; ref: number },
): Promise<boolean> {
  const refKey = createHash('sha256').update(request.ref).digest('hex').slice(0, 32);
  const [byAddress, byRef] = await Promise.all([
    hitRateLimit(db, `${scope}-ip:${request.address}`, limits.address),
    hitRateLimit(db, `${scope}-ref:${refKey}`, limits.ref),
  ]);
  return byAddress.allowed && byRef.allowed;
}
