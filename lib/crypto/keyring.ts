/** Master keys by version: `current` seals, every listed version can open. */
export interface Keyring {
  current: number;
  keys: Record<number, Buffer>;
}

class KeyringError extends Error {
  override name = 'KeyringError';
}

/** Builds a keyring; `previous` keeps older master keys usable for opening after a rotation. */
export function createKeyring(
  current: { version: number; key: Buffer },
  previous: { version: number; key: Buffer }[] = [],
): Keyring {
  const keys: Record<number, Buffer> = {};
  for (const entry of [...previous, current]) {
    if (!Number.isInteger(entry.version) || entry.version < 1 || entry.version > 255)
      throw new KeyringError('A key version is an integer from 1 to 255.');
    if (entry.key.length !== 32) throw new KeyringError('A master key is exactly 32 bytes.');
    keys[entry.version] = entry.key;
  }
  return { current: current.version, keys };
}
