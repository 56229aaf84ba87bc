'use client';

import { ConsoleError } from '@/components/console/console-error';

/** Next's error boundary for this part of the console (CONTRIBUTING: a page shows its error boundary). */
export default function ConsoleErrorBoundary(props: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return <ConsoleError {...props} />;
}
