import { TEMPLATE_NAMES, type TemplateId } from '@/lib/transform';

/**
 * The template whose own name a workflow still carries, so the console can say it in its
 * language; undefined for a name the workspace chose (PATCH) or an unknown template.
 */
export function templateNameKey(workflow: {
  name: string;
  template: string | null;
}): TemplateId | undefined {
  const template = workflow.template;
  if (!template || !Object.hasOwn(TEMPLATE_NAMES, template)) return undefined;
  const id = template as TemplateId;
  return TEMPLATE_NAMES[id] === workflow.name ? id : undefined;
}
