import type { getTranslations } from 'next-intl/server';
import { isJobFaultCode, SENT_KEPT_MESSAGE, type JobEvent } from '@/lib/transform';
import type { DocumentKind } from './job-subject';

type Translate = Awaited<ReturnType<typeof getTranslations<'console'>>>;

/** The event in the console's language, or undefined when only the API's own words describe it. */
export function eventText(
  t: Translate,
  provider: string,
  event: JobEvent,
  state: string | undefined,
  documentKind: DocumentKind,
): string | undefined {
  if (isJobFaultCode(event.code)) return t(`jobs.codes.${event.code}`);
  if (event.status === 'RUN') return undefined;
  if (provider === 'silo.state' && event.message === SENT_KEPT_MESSAGE)
    return t('jobs.events.sentKept');
  if (provider === 'silo.state' && event.status === 'OK' && state)
    return t(`jobs.events.stateSet.${documentKind}`, { state });
  if (provider === 'gov-ar.register' && event.status === 'OK') return t('jobs.events.linkReady');
  if (provider === 'gov-ar.wait.authorization' && event.status === 'QUEUED')
    return t('jobs.events.waitingSupplier');
  if (provider === 'gov-ar.wait.authorization' && event.status === 'OK')
    return t('jobs.events.authorized');
  const sends = provider === 'gov-ar.send' || provider === 'gov-ar.invoice';
  if (sends && event.status === 'OK') return t('jobs.events.invoiceApproved');
  if (sends && event.status === 'ERR') return t('jobs.events.retrying');
  if (provider === 'pdf' && event.status === 'OK') return t('jobs.events.pdfAttached');
  if (provider === 'webhook' && event.status === 'OK') return t('jobs.events.delivered');
  if (provider === 'webhook' && event.status === 'ERR') return t('jobs.events.retrying');
  return undefined;
}
