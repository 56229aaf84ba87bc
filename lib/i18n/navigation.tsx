import type { ComponentProps } from 'react';
import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

const navigation = createNavigation(routing);
export const { redirect, usePathname, useRouter, getPathname } = navigation;

/**
 * next-intl's Link, prefetched only where a page asks for it. Every prefetch is a server render of a
 * dynamic page and counts against the per-address page limit: a console list prefetched each of its
 * links twice (16 to 26 requests a page view, more with a full page of rows), so an operator
 * clicking through filters, or a few behind one office address, met 429s. A click fetches the one
 * page it opens.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof navigation.Link>) {
  return <navigation.Link prefetch={prefetch} {...props} />;
}
