// PostgreSQL refuses NUL in text and jsonb, and UTF-16 surrogates without their pair cannot be
// encoded as UTF-8: such text is refused at the API's edge, naming where it is, instead of failing
// in the database. Nesting is bounded so that nothing downstream (hashing, jsonb) recurses deeply.

export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character (\\u0000), which cannot be stored';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate (e.g. \\ud800); send valid Unicode text';
  return undefined;
}

export interface Unstorable {
  /** Dotted path of the offending value or field name, `body` for the whole body. */
  path: string;
  message: string;
}

/** The first string, field name or nesting level in a JSON value that cannot be stored. Iterative: any depth is safe. */
export function findUnstorable(root: unknown): Unstorable | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) return { path: dotted(path), message: problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return { path: dotted(path.slice(0, 1)), message: `is nested more than ${MAX_JSON_DEPTH} levels deep` };
    const children = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (let i = children.length - 1; i >= 0; i--) {
      const [name, child] = children[i]!;
      const problem = unstorableText(name);
      if (problem) return { path: dotted([...path, escaped(name)]), message: `field name ${problem}` };
      stack.push({ value: child, path: [...path, name] });
    }
  }
  return undefined;
}

const dotted = (path: string[]) => (path.length ? path.join('.') : 'body');
/** A field name as JSON would write it, so that the answer shows what was sent. */
const escaped = (name: string) => JSON.stringify(name).slice(1, -1);
