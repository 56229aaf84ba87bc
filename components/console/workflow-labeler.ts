import 'server-only';
import { getTranslations } from 'next-intl/server';
import { templateNameKey } from './template-name-key';

/** A function naming workflows in the console's language: a template's own name translated, a chosen one as is. */
export async function workflowLabeler() {
  const t = await getTranslations('console.workflows.templateNames');
  return (workflow: { name: string; template: string | null }) => {
    const key = templateNameKey(workflow);
    return key ? t(key) : workflow.name;
  };
}
