import { ProblemSchema } from './problem';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/** The error answers every authenticated route can give. */
export const commonErrors = {
  401: problem('Missing, unknown or revoked API key'),
  429: problem('Rate limit exceeded (see Retry-After)'),
  500: problem('Unexpected error (logged)'),
  503: problem(
    'The database cannot be reached for now (a restart, a failover), or this instance has too many requests in progress (it did not handle this one): retry after Retry-After',
  ),
};

export const notFoundError = { 404: problem('Not found in this workspace') };
export const validationError = { 422: problem('Invalid fields, named in `fields`') };
export const conflictError = { 409: problem('Same id or key with a different request') };
export const bodyErrors = {
  400: problem('Body is not valid JSON'),
  413: problem('Body larger than 1 MB'),
  415: problem('Body is not JSON'),
};

export const json = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
