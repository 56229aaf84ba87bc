import { createRoute } from '@hono/zod-openapi';
import { DomainError } from '@/lib/errors';
import { getWorkflow, listWorkflows } from '@/lib/transform';
import { bearerSecurity, newRouter } from '../../context';
import { commonErrors, json, notFoundError, validationError } from '../../responses';
import { IdParamSchema } from '../../silo/v1/schemas';
import { toWorkflowDto, toWorkflowListDto } from './to-workflow';
import { WorkflowListQuerySchema, WorkflowListSchema, WorkflowSchema } from './schemas';

const routes = {
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

export const workflowsV1 = newRouter()
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
