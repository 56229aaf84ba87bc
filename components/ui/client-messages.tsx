import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';

type Tree = { [key: string]: string | Tree };

/** Only these namespaces (dotted paths) reach the browser: every page would otherwise carry all the copy. */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: string[];
  children: ReactNode;
}) {
  const all = (await getMessages()) as Tree;
  const picked: Tree = {};
  for (const namespace of namespaces) {
    const parts = namespace.split('.');
    let source: Tree | string | undefined = all;
    let target = picked;
    for (const [index, part] of parts.entries()) {
      source = typeof source === 'object' ? source[part] : undefined;
      if (source === undefined) break;
      if (index === parts.length - 1) target[part] = source;
      else target = (target[part] ??= {}) as Tree;
    }
  }
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
