'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db';
import { connectApp, disconnectApp } from '@/lib/workspaces';
import { requireOperator } from '../../session';

// Plain form actions (no result to show): the page re-renders with the new state.
export async function connectAppAction(): Promise<void> {
  const operator = await requireOperator();
  await connectApp(await getDb(), operator.workspaceId, 'gov-ar');
  revalidatePath('/[locale]/console', 'layout');
}

export async function disconnectAppAction(): Promise<void> {
  const operator = await requireOperator();
  await disconnectApp(await getDb(), operator.workspaceId, 'gov-ar');
  revalidatePath('/[locale]/console', 'layout');
}
