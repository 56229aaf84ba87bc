import { isJsonObject, setMember } from './json-value';

/**
 * JSON Merge Patch (RFC 7396): an object patch merges member by member, `null` removes a member,
 * anything else (an array included) replaces the target whole. The target is not changed.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: Record<string, unknown> = {};
  if (isJsonObject(target))
    for (const [name, value] of Object.entries(target)) setMember(result, name, value);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else
      setMember(
        result,
        name,
        mergePatch(Object.hasOwn(result, name) ? result[name] : undefined, value),
      );
  }
  return result;
}
