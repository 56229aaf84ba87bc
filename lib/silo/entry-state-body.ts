import { z } from 'zod';
import { ENTRY_STATES } from './schemas';

/**
 * Invopop's SiloCreateState. A client's key (`paid`, `delivered`, …) is recorded in the entry's
 * history and leaves the entry's `state` as it is: the lifecycle states are the workflows' (a
 * `sent` by hand would claim an ARCA authorization that never happened), so those keys are refused.
 */
export const entryStateBody = z
  .object({
    key: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9._-]{0,63}$/,
        'lower-case letters, digits, ".", "_" or "-" (at most 64)',
      )
      .refine((key) => !(ENTRY_STATES as readonly string[]).includes(key), {
        message: `${ENTRY_STATES.join(', ')} are set by workflows only`,
      }),
    notes: z.string().max(2000).optional(),
    meta: z.record(z.string().max(100), z.string().max(2000)).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body.meta ?? {}).length <= 50, {
    path: ['meta'],
    message: 'at most 50 members',
  });
export type EntryStateBody = z.infer<typeof entryStateBody>;
