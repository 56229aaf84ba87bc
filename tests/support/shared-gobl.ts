import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** GOBL's reference data beside the repository (never copied into it): ../shared/gobl. */
export const SHARED_GOBL = path.join(process.cwd(), '..', 'shared', 'gobl');
export const GOBL_EXAMPLES = path.join(SHARED_GOBL, 'examples', 'ar');

export const haveGoblExamples = () => existsSync(path.join(GOBL_EXAMPLES, 'out'));

type Json = Record<string, unknown>;

/** GOBL's Argentine examples as a client writes them, with the `doc` GOBL builds from each. */
export function goblExamples(): { name: string; input: Json; built: Json }[] {
  return readdirSync(GOBL_EXAMPLES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      name,
      input: JSON.parse(readFileSync(path.join(GOBL_EXAMPLES, name), 'utf8')) as Json,
      built: (
        JSON.parse(readFileSync(path.join(GOBL_EXAMPLES, 'out', name), 'utf8')) as { doc: Json }
      ).doc,
    }));
}
