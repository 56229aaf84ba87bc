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

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The same rule as schemaMismatch, as an SQL condition on a workflow's template column and an
 * entry's doc_schema column (true when the workflow may run on the entry), so the job insert checks
 * it in its own statement instead of a round trip before it.
 */
export function schemaMatchesSql(templateColumn: string, docSchemaColumn: string): string {
  const workflowSchema = `case ${templateColumn} ${Object.entries(TEMPLATE_SCHEMAS)
    .map(([template, schema]) => `when ${literal(template)} then ${literal(schema)}`)
    .join(' ')} end`;
  const entrySchema = `case when starts_with(${docSchemaColumn}, ${literal(GOBL_DRAFT)}) then substr(${docSchemaColumn}, ${GOBL_DRAFT.length + 1}) else ${docSchemaColumn} end`;
  return `coalesce(${workflowSchema} = ${entrySchema}, true)`;
}
