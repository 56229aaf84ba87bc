import 'server-only';
import { MAX_INPUT_BYTES } from '@/lib/arca';

/** A file from a form as bytes; an oversized one is cut to just over the limit so intake refuses it by size. */
export async function readUpload(value: FormDataEntryValue | null): Promise<Uint8Array | undefined> {
  if (!value || typeof value === 'string' || value.size === 0) return undefined;
  if (value.size > MAX_INPUT_BYTES) return new Uint8Array(MAX_INPUT_BYTES + 1);
  return new Uint8Array(await value.arrayBuffer());
}
