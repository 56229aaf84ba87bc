'use client';

import { useState } from 'react';
import { MAX_INPUT_BYTES } from '@/lib/limits';

/**
 * Refuses a chosen file over the limit as soon as it is picked, with a message naming it, and
 * clears that field: a photo or a PDF would otherwise be sent whole, past the request limit.
 * One message per field, kept until another file is chosen there or the form is sent with something
 * else to validate (the server's answer then replaces them).
 */
export function useFileLimit(explain: (file: { name: string; kb: number }) => string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const check = (input: HTMLInputElement): boolean => {
    const file = input.files?.[0];
    const tooLarge = !!file && file.size > MAX_INPUT_BYTES;
    setErrors(({ [input.name]: _dropped, ...others }) =>
      tooLarge
        ? { ...others, [input.name]: explain({ name: file.name, kb: Math.ceil(file.size / 1024) }) }
        : others,
    );
    if (tooLarge) input.value = '';
    return !tooLarge;
  };
  return {
    errors: Object.values(errors),
    fields: Object.keys(errors),
    check,
    reset: () => setErrors({}),
  };
}
