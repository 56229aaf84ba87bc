'use client';

import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n';

/** Navigates to the page a wizard action answered with (moveTo), once per answer. */
export function useFollowMove(state: { status: string; href?: string }) {
  const router = useRouter();
  useEffect(() => {
    if (state.status === 'moved' && state.href) router.push(state.href);
  }, [state, router]);
}
