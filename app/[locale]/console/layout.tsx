import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/ui/client-messages';

export default function ConsoleLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={['console', 'errors']}>{children}</ClientMessages>;
}
