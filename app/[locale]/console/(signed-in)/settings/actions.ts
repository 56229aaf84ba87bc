'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db';
import { unstorableText } from '@/lib/storable';
import {
  createApiKey,
  environmentSchema,
  revokeApiKey,
  setWorkspaceEnvironment,
} from '@/lib/workspaces';
import { formValues, postedForm, type ActionState } from '@/components/forms/action-state';
import { requireOperator } from '../../session';

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export type EnvironmentState = ActionState<{ environment: string }>;
export type ApiKeyState = ActionState<{ name: string }, { token: string; name: string }>;

export async function setEnvironmentAction(
  _previous: EnvironmentState,
  posted: unknown,
): Promise<EnvironmentState> {
  const formData = postedForm(posted);
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
  posted: unknown,
): Promise<ApiKeyState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const values = formValues(formData, ['name'] as const);
  const name = values.name.trim();
  if (!name || name.length > 100)
    return { status: 'error', code: 'keyNameRequired', fields: { name: 'required' }, values };
  // PostgreSQL cannot store a NUL, and a line break or control character has no place in a label.
  if (CONTROL_CHARACTER.test(name) || unstorableText(name))
    return { status: 'error', code: 'keyNameInvalid', fields: { name: 'invalid' }, values };
  const key = await createApiKey(await getDb(), operator.workspaceId, name);
  revalidatePath('/[locale]/console/settings', 'page');
  return { status: 'ok', code: 'keyCreated', data: { token: key.token, name } };
}

/** Revokes one of this workspace's keys; a key id from another workspace matches nothing. */
export async function revokeApiKeyAction(posted: unknown): Promise<void> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const id = String(formData.get('key_id') ?? '');
  if (/^[0-9a-f-]{36}$/i.test(id)) await revokeApiKey(await getDb(), operator.workspaceId, id);
  revalidatePath('/[locale]/console/settings', 'page');
}
