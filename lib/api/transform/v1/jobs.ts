import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '@/lib/errors';
import { getJob, getJobByKey, listJobs, waitForJob } from '@/lib/transform';
import { bearerSecurity, newRouter } from '../../context';
import {
  bodyErrors,
  commonErrors,
  conflictError,
  json,
  notFoundError,
  validationError,
} from '../../responses';
import { KeyParamSchema } from '../../silo/v1/schemas';
import { createJobFromRequest } from './create-job-from-request';
import { toJobDto, toJobListDto } from './to-job';
import {
  AnyIdParamSchema,
  CreateJobSchema,
  JobListQuerySchema,
  JobListSchema,
  JobSchema,
  WaitQuerySchema,
} from './schemas';

const body = { content: { 'application/json': { schema: CreateJobSchema } }, required: true };
const accepted = { 202: json(JobSchema, 'Accepted: the job (the original one when repeated)') };
const createErrors = { ...commonErrors, ...bodyErrors, ...validationError, ...conflictError };

const routes = {
  post: createRoute({
    method: 'post',
    path: '/jobs',
    summary: 'Run a workflow on an entry',
    security: bearerSecurity,
    request: { query: WaitQuerySchema, body },
    responses: { ...accepted, ...createErrors },
  }),
  put: createRoute({
    method: 'put',
    path: '/jobs/{id}',
    summary: 'Run a workflow with your own time-based UUID (v1 or v7), idempotently',
    security: bearerSecurity,
    request: { params: AnyIdParamSchema, query: WaitQuerySchema, body },
    responses: { ...accepted, ...createErrors, ...notFoundError },
  }),
  get: createRoute({
    method: 'get',
    path: '/jobs/{id}',
    summary: 'Fetch a job',
    security: bearerSecurity,
    request: { params: AnyIdParamSchema, query: WaitQuerySchema },
    responses: {
      200: json(JobSchema, 'The job'),
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
  byKey: createRoute({
    method: 'get',
    path: '/jobs/key/{key}',
    summary: 'Fetch a job by key',
    security: bearerSecurity,
    request: { params: KeyParamSchema, query: WaitQuerySchema },
    responses: {
      200: json(JobSchema, 'The job'),
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/jobs',
    summary: 'List jobs, newest first',
    security: bearerSecurity,
    request: { query: JobListQuerySchema },
    responses: { 200: json(JobListSchema, 'A page of jobs'), ...commonErrors, ...validationError },
  }),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const jobNotFound = () =>
  new DomainError({
    kind: 'not_found',
    code: 'job_not_found',
    detail: 'No job with this id in this workspace.',
  });

export const jobsV1 = newRouter()
  .openapi(routes.post, async (c) => {
    const { job } = await createJobFromRequest(c.get('db'), c.get('principal').workspaceId, {
      body: c.req.valid('json'),
    });
    const wait = c.req.valid('query').wait;
    const current = wait
      ? await waitForJob(
          c.get('db'),
          c.get('principal').workspaceId,
          job.id,
          wait,
          c.req.raw.signal,
        )
      : job;
    return c.json(JobSchema.parse(toJobDto(current ?? job)), 202);
  })
  .openapi(routes.put, async (c) => {
    const { job } = await createJobFromRequest(c.get('db'), c.get('principal').workspaceId, {
      id: c.req.valid('param').id,
      body: c.req.valid('json'),
    });
    const wait = c.req.valid('query').wait;
    const current = wait
      ? await waitForJob(
          c.get('db'),
          c.get('principal').workspaceId,
          job.id,
          wait,
          c.req.raw.signal,
        )
      : job;
    return c.json(JobSchema.parse(toJobDto(current ?? job)), 202);
  })
  .openapi(routes.list, async (c) => {
    const query = c.req.valid('query');
    const page = await listJobs(c.get('db'), c.get('principal').workspaceId, {
      limit: query.limit,
      cursor: query.cursor,
      createdAt: query.created_at,
      siloEntryId: query.silo_entry_id,
    });
    return c.json(JobListSchema.parse(toJobListDto(page, query)), 200);
  })
  .openapi(routes.byKey, async (c) => {
    const owner = c.get('principal').workspaceId;
    const found = await getJobByKey(c.get('db'), owner, c.req.valid('param').key);
    if (!found)
      throw new DomainError({
        kind: 'not_found',
        code: 'job_not_found',
        detail: 'No job with this key in this workspace.',
      });
    const wait = c.req.valid('query').wait;
    const job = wait
      ? await waitForJob(c.get('db'), owner, found.id, wait, c.req.raw.signal)
      : found;
    if (!job) throw jobNotFound();
    return c.json(JobSchema.parse(toJobDto(job)), 200);
  })
  .openapi(routes.get, async (c) => {
    const { id } = c.req.valid('param');
    if (!UUID.test(id))
      throw new DomainError({
        kind: 'invalid',
        code: 'invalid_job_id',
        detail: 'The job id must be a UUID.',
        fields: { id: 'must be a UUID' },
      });
    const owner = c.get('principal').workspaceId;
    const wait = c.req.valid('query').wait;
    const job = wait
      ? await waitForJob(c.get('db'), owner, id, wait, c.req.raw.signal)
      : await getJob(c.get('db'), owner, id);
    if (!job) throw jobNotFound();
    return c.json(JobSchema.parse(toJobDto(job)), 200);
  });
