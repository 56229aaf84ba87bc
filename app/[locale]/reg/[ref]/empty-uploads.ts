import type { Upload } from './read-upload';

/**
 * The chosen files that are empty (0 bytes), each named in its own message and marked on its field;
 * undefined when none is. An empty file is refused before intake, which would only say it cannot read it.
 */
export function emptyUploads<F extends string>(
  files: Partial<Record<F, Upload | undefined>>,
  message: (name: string) => string,
): { errors: string[]; fields: Partial<Record<F, 'empty'>> } | undefined {
  const empty = (Object.entries(files) as [F, Upload | undefined][]).filter(
    ([, file]) => file && file.bytes.length === 0,
  ) as [F, Upload][];
  if (empty.length === 0) return undefined;
  return {
    errors: empty.map(([, file]) => message(file.name)),
    fields: Object.fromEntries(empty.map(([field]) => [field, 'empty'])) as Partial<
      Record<F, 'empty'>
    >,
  };
}
