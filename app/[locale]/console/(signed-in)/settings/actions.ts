'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db';
import {
  createApiKey,
  environmentSchema,
  revokeApiKey,
  setWorkspaceEnvironment,
} from '@/lib/workspaces';
import { formValues, type ActionState } from '@/components/forms/action-state';
import { requireOperator } from '../../session';

export type EnvironmentState = ActionState<{ environment: string }>;
export type ApiKeyState = ActionState<{ name: string }, { token: string; name: string }>;

export async function setEnvironmentAction(
  _previous: EnvironmentState,
  formData: FormData,
): Promise<EnvironmentState> {
  const operator = await requireOperator();
  const values = formValues(formData, ['environment'] as const);
  const environment = environmentSchema.safeParse(values.environment);
  if (!environment.success) return { status: 'error', code: 'chooseEnvironment', values };
  await setWorkspaceEnvironment(await getDb(), operator.workspaceId, environment.data);
  revalidatePath('/[locale]/console', 'layout');
  return { status: 'ok', code: 'environmentSaved', data: undefined, values };
}

export async function createApiKeyAction(
  _previous: ApiKeyState,
  formData: FormData,
): Promise<ApiKeyState> {
  const operator = await requireOperator();
  const values = formValues(formData, ['name'] as const);
  const name = values.name.trim();
  if (!name || name.length > 100)
    return { status: 'error', code: 'keyNameRequired', fields: { name: 'required' }, values };
  const key = await createApiKey(await getDb(), operator.workspaceId, name);
  revalidatePath('/[locale]/console/settings', 'page');
  return { status: 'ok', code: 'keyCreated', data: { token: key.token, name } };
}

/** Revokes one of this workspace's keys; a key id from another workspace matches nothing. */
export async function revokeApiKeyAction(formData: FormData): Promise<void> {
  const operator = await requireOperator();
  const id = String(formData.get('key_id') ?? '');
  if (/^[0-9a-f-]{36}$/i.test(id)) await revokeApiKey(await getDb(), operator.workspaceId, id);
  revalidatePath('/[locale]/console/settings', 'page');
}
