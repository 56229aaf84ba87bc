import { z } from 'zod';

const ENVIRONMENTS = ['sandbox', 'live'] as const;
const APPS = ['gov-ar'] as const;

export const environmentSchema = z.enum(ENVIRONMENTS);
export const appSchema = z.enum(APPS);

export const createWorkspaceInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  environment: environmentSchema.default('sandbox'),
});
