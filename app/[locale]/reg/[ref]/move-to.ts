import 'server-only';
import { headers } from 'next/headers';
import { redirect, type Locale } from '@/lib/i18n';

/** An action's answer that sends the supplier to the next page; the form's page follows it. */
export interface StepMove {
  status: 'moved';
  /** The page, without its locale (the client's router adds it). */
  href: string;
  /** Nothing to refill: the form's page is left. */
  values?: undefined;
}

/**
 * Where a wizard action sends the supplier when it is done. A form posted without JavaScript gets a
 * 303 to that page (redirect). From the page's JavaScript (a `Next-Action` request) the answer is
 * the move, and the page navigates there itself (useFollowMove): a redirect there would make Next
 * fetch the whole new page from this same server over HTTP before answering, its layouts and
 * messages included, where the router's own navigation asks only for the part that changed.
 */
export async function moveTo(href: string, locale: Locale): Promise<StepMove> {
  if (!(await headers()).has('next-action')) redirect({ href, locale });
  return { status: 'moved', href };
}
