'use client';

import { useState } from 'react';

/** The certificate intake's own limit (lib/arca MAX_INPUT_BYTES; a unit test keeps them equal). */
export const MAX_FILE_BYTES = 64 * 1024;

/**
 * Refuses a chosen file over the limit as soon as it is picked, with a message naming it, and
 * clears the field: a photo or a PDF would otherwise be sent whole, past the request limit.
 */
export function useFileLimit(explain: (file: { name: string; kb: number }) => string) {
  const [error, setError] = useState<string>();
  const check = (input: HTMLInputElement): boolean => {
    const file = input.files?.[0];
    if (file && file.size > MAX_FILE_BYTES) {
      setError(explain({ name: file.name, kb: Math.ceil(file.size / 1024) }));
      input.value = '';
      return false;
    }
    setError(undefined);
    return true;
  };
  return { error, check };
}
