import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '@/lib/errors';
import { getWorkflow, listWorkflows, updateWorkflow } from '@/lib/transform';
import { bearerSecurity, newRouter } from '../../context';
import {
  bodyErrors,
  commonErrors,
  conflictError,
  json,
  notFoundError,
  validationError,
} from '../../responses';
import { IdParamSchema } from '../../silo/v1/schemas';
import { toWorkflowDto, toWorkflowListDto } from './to-workflow';
import {
  CreateWorkflowSchema,
  UpdateWorkflowSchema,
  WorkflowListQuerySchema,
  WorkflowListSchema,
  WorkflowSchema,
} from './schemas';

const writeErrors = { ...commonErrors, ...bodyErrors, ...validationError };
const routes = {
  patch: createRoute({
    method: 'patch',
    path: '/workflows/{id}',
    summary:
      "Change a workflow's name, description, steps or rescue (checked as creation checks them)",
    security: bearerSecurity,
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: UpdateWorkflowSchema } }, required: true },
    },
    responses: {
      200: json(WorkflowSchema, 'The workflow as changed'),
      ...writeErrors,
      ...notFoundError,
    },
  }),
  put: createRoute({
    method: 'put',
    path: '/workflows/{id}',
    summary:
      'Create a workflow with this UUID, or replace its fields when it exists (its schema stays)',
    security: bearerSecurity,
    request: {
      params: IdParamSchema,
      body: { content: { 'application/json': { schema: CreateWorkflowSchema } }, required: true },
    },
    responses: {
      200: json(WorkflowSchema, 'The workflow, new or changed'),
      ...writeErrors,
      ...conflictError,
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/workflows',
    summary: 'List workflows, newest first',
    security: bearerSecurity,
    request: { query: WorkflowListQuerySchema },
    responses: {
      200: json(WorkflowListSchema, 'A page of workflows'),
      ...commonErrors,
      ...validationError,
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/workflows/{id}',
    summary: 'Fetch a workflow',
    security: bearerSecurity,
    request: { params: IdParamSchema },
    responses: {
      200: json(WorkflowSchema, 'The workflow'),
      ...commonErrors,
      ...notFoundError,
      ...validationError,
    },
  }),
};

const workflowNotFound = () =>
  new DomainError({
    kind: 'not_found',
    code: 'workflow_not_found',
    detail: 'No workflow with this id in this workspace.',
  });

export const workflowsV1 = newRouter()
  .openapi(routes.patch, async (c) => {
    const updated = await updateWorkflow(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').id,
      { body: c.req.valid('json') },
    );
    if (!updated) throw workflowNotFound();
    return c.json(WorkflowSchema.parse(toWorkflowDto(updated.workflow)), 200);
  })
  .openapi(routes.put, async (c) => {
    const updated = await updateWorkflow(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').id,
      { body: c.req.valid('json'), put: true },
    );
    return c.json(WorkflowSchema.parse(toWorkflowDto(updated!.workflow)), 200);
  })
  .openapi(routes.list, async (c) => {
    const query = c.req.valid('query');
    const page = await listWorkflows(c.get('db'), c.get('principal').workspaceId, {
      limit: query.limit,
      createdAt: query.created_at,
      schema: query.schema,
    });
    return c.json(WorkflowListSchema.parse(toWorkflowListDto(page, query)), 200);
  })
  .openapi(routes.get, async (c) => {
    const workflow = await getWorkflow(
      c.get('db'),
      c.get('principal').workspaceId,
      c.req.valid('param').id,
    );
    if (!workflow)
      throw new DomainError({
        kind: 'not_found',
        code: 'workflow_not_found',
        detail: 'No workflow with this id in this workspace.',
      });
    return c.json(WorkflowSchema.parse(toWorkflowDto(workflow)), 200);
  });
