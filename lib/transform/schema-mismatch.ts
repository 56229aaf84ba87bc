import { TEMPLATE_SCHEMAS } from './templates';

const GOBL_DRAFT = 'https://gobl.org/draft-0/';

/** A document's `$schema` as Invopop's short schema name (`https://gobl.org/draft-0/bill/invoice` → `bill/invoice`). */
export const shortSchemaOf = (docSchema: string) =>
  docSchema.startsWith(GOBL_DRAFT) ? docSchema.slice(GOBL_DRAFT.length) : docSchema;

/**
 * Why a workflow must not run on an entry: its schema (from its template) is not the entry's
 * document schema. Undefined when they match, or when the workflow has no schema to hold it to.
 */
export function schemaMismatch(
  template: string | null,
  docSchema: string,
): { workflow: string; entry: string } | undefined {
  const workflow = template ? TEMPLATE_SCHEMAS[template] : undefined;
  const entry = shortSchemaOf(docSchema);
  return workflow && workflow !== entry ? { workflow, entry } : undefined;
}
