import { isJsonObject, jsonEqual, setMember } from './json-value';

export type JsonPatchProblem =
  'invalid_operation' | 'invalid_pointer' | 'path_not_found' | 'move_into_itself' | 'test_failed';

export type JsonPatchResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      index: number;
      member: 'op' | 'path' | 'from' | 'value';
      problem: JsonPatchProblem;
    };

type Operation = { op: string; path: string; from?: string; value?: unknown; hasValue: boolean };
type Container = Record<string, unknown> | unknown[];
class PatchError extends Error {
  constructor(
    readonly member: 'op' | 'path' | 'from' | 'value',
    readonly problem: JsonPatchProblem,
  ) {
    super(problem);
  }
}

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const NEEDS_FROM = new Set(['move', 'copy']);
const NEEDS_VALUE = new Set(['add', 'replace', 'test']);

/**
 * JSON Patch (RFC 6902) with JSON Pointers (RFC 6901): the operations apply in order to a copy of
 * the document, all or none; the first that cannot apply is named by its index and member.
 */
export function applyJsonPatch(document: unknown, patch: unknown): JsonPatchResult {
  if (!Array.isArray(patch))
    return { ok: false, index: -1, member: 'op', problem: 'invalid_operation' };
  let doc = structuredClone(document);
  for (const [index, raw] of patch.entries()) {
    try {
      doc = applyOne(doc, readOperation(raw));
    } catch (error) {
      if (!(error instanceof PatchError)) throw error;
      return { ok: false, index, member: error.member, problem: error.problem };
    }
  }
  return { ok: true, value: doc };
}

function readOperation(raw: unknown): Operation {
  if (!isJsonObject(raw) || typeof raw.op !== 'string' || !OPS.has(raw.op))
    throw new PatchError('op', 'invalid_operation');
  if (typeof raw.path !== 'string') throw new PatchError('path', 'invalid_pointer');
  if (NEEDS_FROM.has(raw.op) && typeof raw.from !== 'string')
    throw new PatchError('from', 'invalid_pointer');
  const hasValue = Object.hasOwn(raw, 'value');
  if (NEEDS_VALUE.has(raw.op) && !hasValue) throw new PatchError('value', 'invalid_operation');
  return {
    op: raw.op,
    path: raw.path,
    from: raw.from as string | undefined,
    value: raw.value,
    hasValue,
  };
}

function applyOne(doc: unknown, operation: Operation): unknown {
  const { op, path } = operation;
  switch (op) {
    case 'add':
      return add(doc, path, structuredClone(operation.value), 'path');
    case 'remove':
      return remove(doc, path, 'path').doc;
    case 'replace':
      get(doc, path, 'path');
      return add(remove(doc, path, 'path').doc, path, structuredClone(operation.value), 'path');
    case 'copy':
      return add(doc, path, structuredClone(get(doc, operation.from!, 'from')), 'path');
    case 'move': {
      const from = operation.from!;
      parsePointer(path, 'path');
      if (path !== from && path.startsWith(`${from}/`))
        throw new PatchError('from', 'move_into_itself');
      if (path === from) {
        get(doc, from, 'from');
        return doc;
      }
      const removed = remove(doc, from, 'from');
      return add(removed.doc, path, removed.value, 'path');
    }
    default:
      if (!jsonEqual(get(doc, path, 'path'), operation.value))
        throw new PatchError('value', 'test_failed');
      return doc;
  }
}

/** RFC 6901: "" is the whole document; each token has ~1 for "/" and ~0 for "~". */
function parsePointer(pointer: string, member: 'path' | 'from'): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/') || /~[^01]|~$/.test(pointer))
    throw new PatchError(member, 'invalid_pointer');
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** An array index: digits without a leading zero, inside the array (or at its end when adding). */
function arrayIndex(
  array: unknown[],
  token: string,
  member: 'path' | 'from',
  adding: boolean,
): number {
  if (adding && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(member, 'path_not_found');
  const index = Number(token);
  if (index > array.length || (!adding && index === array.length))
    throw new PatchError(member, 'path_not_found');
  return index;
}

function child(container: unknown, token: string, member: 'path' | 'from'): unknown {
  if (Array.isArray(container)) return container[arrayIndex(container, token, member, false)];
  if (isJsonObject(container) && Object.hasOwn(container, token)) return container[token];
  throw new PatchError(member, 'path_not_found');
}

function get(doc: unknown, pointer: string, member: 'path' | 'from'): unknown {
  return parsePointer(pointer, member).reduce((at, token) => child(at, token, member), doc);
}

/** The container a pointer's last token lives in, and that token. */
function parentOf(doc: unknown, pointer: string, member: 'path' | 'from') {
  const tokens = parsePointer(pointer, member);
  const last = tokens.pop()!;
  const parent = tokens.reduce((at, token) => child(at, token, member), doc);
  if (!Array.isArray(parent) && !isJsonObject(parent))
    throw new PatchError(member, 'path_not_found');
  return { parent: parent as Container, last };
}

function add(doc: unknown, pointer: string, value: unknown, member: 'path' | 'from'): unknown {
  if (pointer === '') return value;
  const { parent, last } = parentOf(doc, pointer, member);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, member, true), 0, value);
  else setMember(parent, last, value);
  return doc;
}

function remove(doc: unknown, pointer: string, member: 'path' | 'from') {
  if (pointer === '') return { doc: undefined, value: doc };
  const { parent, last } = parentOf(doc, pointer, member);
  if (Array.isArray(parent)) {
    const [value] = parent.splice(arrayIndex(parent, last, member, false), 1);
    return { doc, value };
  }
  if (!Object.hasOwn(parent, last)) throw new PatchError(member, 'path_not_found');
  const value = parent[last];
  delete parent[last];
  return { doc, value };
}
