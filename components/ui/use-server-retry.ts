'use client';

import { startTransition } from 'react';
import { useRouter } from 'next/navigation';

/** An error boundary's retry: ask the server for the page again, then render it anew. */
export function useServerRetry(reset: () => void): () => void {
  const router = useRouter();
  return () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
}
