import { z } from 'zod';

const MIN_PASSWORD_LENGTH = 12;

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('email is not valid'))
  .pipe(z.string().max(254));

export const signInInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'email is required')
    .max(254)
    // No address has control characters, and PostgreSQL cannot even compare text holding a NUL.
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'email is not valid'),
  password: z.string().min(1, 'password is required').max(1024),
});

export const createUserInput = z.object({
  workspaceId: z.uuid('workspace must be a UUID'),
  email: emailSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `password needs at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1024)
    .optional(),
});
