import 'server-only';
import { MAX_INPUT_BYTES } from '@/lib/arca';

export interface Upload {
  /** The name the supplier's file had, to name it back in answers (a file field cannot be refilled). */
  name: string;
  /** Empty when the chosen file is empty; an oversized file is cut to just over the limit so intake refuses it by size. */
  bytes: Uint8Array;
}

/**
 * A file from a form; undefined when none was chosen. Browsers then send an empty part with an empty
 * file name, which reaches the action named "" (a form posted before JavaScript loads) or "undefined"
 * (React's reply decoder, after hydration, makes a File of a part without a file name).
 */
export async function readUpload(value: FormDataEntryValue | null): Promise<Upload | undefined> {
  if (
    !value ||
    typeof value === 'string' ||
    (value.size === 0 && (value.name === '' || value.name === 'undefined'))
  )
    return undefined;
  const name = value.name.slice(0, 200);
  if (value.size > MAX_INPUT_BYTES) return { name, bytes: new Uint8Array(MAX_INPUT_BYTES + 1) };
  return { name, bytes: new Uint8Array(await value.arrayBuffer()) };
}
