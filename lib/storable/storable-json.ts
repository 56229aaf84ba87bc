// PostgreSQL refuses NUL in text and jsonb, and UTF-16 surrogates without their pair cannot be
// encoded as UTF-8: such text is refused at the API's edge and by the domains' own checks (a party
// from the console), naming where it is, instead of failing in the database. Nesting is bounded so that nothing downstream (hashing, jsonb) recurses deeply.

export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const ANY_SURROGATE = /[\ud800-\udfff]/;

/** Why a text cannot be stored, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character (\\u0000), which cannot be stored';
  if (ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text))
    return 'contains an unpaired UTF-16 surrogate (e.g. \\ud800); send valid Unicode text';
  return undefined;
}

interface Unstorable {
  /** Dotted path of the offending value or field name, `body` for the whole body. */
  path: string;
  message: string;
}

interface Visit {
  value: unknown;
  name?: string;
  parent?: Visit;
  depth: number;
}

/** The first string, field name or nesting level in a JSON value that cannot be stored. Iterative: any depth is safe. */
export function findUnstorable(root: unknown): Unstorable | undefined {
  const stack: Visit[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) return { path: pathOf(visit), message: problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH)
      return {
        path: pathOf(visit).split('.')[0]!,
        message: `is nested more than ${MAX_JSON_DEPTH} levels deep`,
      };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], name: String(i), parent: visit, depth: depth + 1 });
      continue;
    }
    const names = Object.keys(value);
    for (let i = names.length - 1; i >= 0; i--) {
      const name = names[i]!;
      const child = (value as Record<string, unknown>)[name];
      const problem = unstorableText(name);
      if (problem)
        return {
          path: pathOf({ value: child, name: escaped(name), parent: visit, depth: depth + 1 }),
          message: `field name ${problem}`,
        };
      stack.push({ value: child, name, parent: visit, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Dotted path of a visited value, `body` for the whole body. */
function pathOf(visit: Visit): string {
  const names: string[] = [];
  for (let at: Visit | undefined = visit; at?.name !== undefined; at = at.parent)
    names.push(at.name);
  return names.length ? names.reverse().join('.') : 'body';
}

/** A field name as JSON would write it, so that the answer shows what was sent. */
const escaped = (name: string) => JSON.stringify(name).slice(1, -1);

const NUL_OR_SURROGATE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/**
 * False when a JSON text surely holds nothing findUnstorable would refuse: no NUL or surrogate
 * escape (UTF-8 text cannot carry a raw lone surrogate) and no nesting deeper than allowed. Lets a
 * good body go unparsed here and be parsed once, by the route.
 */
export function mayBeUnstorable(json: string): boolean {
  if (json.includes('\u0000') || NUL_OR_SURROGATE_ESCAPE.test(json)) return true;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
