/**
 * Whether a server action's body is a reply React's decoder can read without throwing: the
 * arguments as a JSON array (text/plain), or a form whose field `0` is that array (multipart), every
 * `$`-string in it one of the plain values a form or a value sends (escaped text, undefined, NaN,
 * ±Infinity, -0, a date, a bigint), a FormData (`$K`) or another field of the form holding JSON.
 * Anything else (promises, streams, server references, paths into other fields, a malformed bigint)
 * is what Next's decoder answers with a bare 500, and no page of this app sends it.
 */
export async function actionReplyProblem(
  contentType: string,
  body: Buffer,
): Promise<string | undefined> {
  if (/^text\/plain\b/i.test(contentType)) return rootProblem(body.toString('utf8'), NO_FORM);
  if (!/^multipart\/form-data\b/i.test(contentType)) return 'not a server action reply';
  let form: FormData;
  try {
    form = await new Request('http://action.local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return 'the form does not parse';
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const root = field('0');
  if (root === undefined) return 'the form has no arguments';
  const outlined = new Set<string>();
  const check = (id: string, depth: number): string | undefined => {
    if (outlined.has(id)) return undefined;
    outlined.add(id);
    const text = field(id);
    if (text === undefined || depth > MAX_DEPTH) return `no field ${id}`;
    return valueProblem(parseJson(text), inForm(depth + 1));
  };
  const inForm = (depth: number): Fields => ({
    form: true,
    sound: (ref) => check(ref, depth) === undefined,
  });
  return rootProblem(root, inForm(1));
}

/** What a reference may point to: a form's other fields, or nothing (a text/plain reply). */
interface Fields {
  form: boolean;
  sound(id: string): boolean;
}
const NO_FORM: Fields = { form: false, sound: () => false };

const MAX_DEPTH = 8;
const PLAIN = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);
const NOT_JSON = Symbol('not JSON');

function rootProblem(text: string, fields: Fields): string | undefined {
  const args = parseJson(text);
  if (!Array.isArray(args)) return 'the arguments are not a list';
  return valueProblem(args, fields);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function valueProblem(value: unknown, fields: Fields): string | undefined {
  if (value === NOT_JSON) return 'not JSON';
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      const problem = stringProblem(next, fields);
      if (problem) return problem;
    } else if (next && typeof next === 'object') {
      pending.push(...Object.values(next));
    }
  }
  return undefined;
}

function stringProblem(text: string, fields: Fields): string | undefined {
  if (!text.startsWith('$') || text.startsWith('$$') || PLAIN.has(text)) return undefined;
  if (text.startsWith('$D')) return undefined;
  if (text.startsWith('$n')) return /^\$n-?\d+$/.test(text) ? undefined : 'a malformed bigint';
  if (/^\$K[0-9a-f]+$/.test(text)) return fields.form ? undefined : 'a form where none was sent';
  const outlined = /^\$([0-9a-f]+)$/.exec(text);
  if (outlined) return fields.sound(outlined[1]!) ? undefined : `a missing field ${outlined[1]}`;
  return `an unsupported value ${text.slice(0, 2)}`;
}
