export { validateGoblDocument } from './validate-document';
export type { SchemaProblem, SchemaProblemCode } from './validate-document';
