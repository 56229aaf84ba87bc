/** A problem's path as a reader writes it: `lines[2].item.price`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out === '' ? String(key) : `${out}.${String(key)}`;
  }, '');
}
