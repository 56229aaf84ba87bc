import { metrics } from './registry';

const {
  admissionLoad,
  admissionQueued,
  admissionRefused,
  arcaCalls,
  certificatesExpiringGauge,
  databaseReadingsUp,
  httpDuration,
  invoicesSent,
  jobsFinished,
  jobsGauge,
  parkedJobsGauge,
  ticketsIssued,
  webhookDeliveries,
} = metrics;

// What the rest of the code calls: plain functions, so callers never see prom-client.

export function observeHttp(route: string, status: number, seconds: number): void {
  httpDuration.observe({ route, status: `${Math.floor(status / 100)}xx` }, seconds);
}

export function observeArcaCall(operation: string, outcome: string, seconds: number): void {
  arcaCalls.observe({ operation, outcome }, seconds);
}

export function countTicketIssued(environment: string): void {
  ticketsIssued.inc({ environment });
}

export function observeWebhookDelivery(
  outcome: 'delivered' | 'refused' | 'failed',
  seconds: number,
): void {
  webhookDeliveries.observe({ outcome }, seconds);
}

export function countInvoiceSent(environment: string, result: 'approved' | 'rejected'): void {
  invoicesSent.inc({ environment, result });
}

/** The database readings, set just before a scrape is answered. */
export function setDatabaseReadings(readings: {
  unfinishedJobs: { status: string; step: string; count: number }[];
  certificatesExpiringWithin30Days: number;
}): void {
  jobsGauge.reset();
  let parked = 0;
  for (const { status, step, count } of readings.unfinishedJobs) {
    jobsGauge.set({ status, step }, count);
    if (status === 'QUEUED') parked += count;
  }
  parkedJobsGauge.set(parked);
  certificatesExpiringGauge.set(readings.certificatesExpiringWithin30Days);
  databaseReadingsUp.set(1);
}

export function markDatabaseReadingsStale(): void {
  databaseReadingsUp.set(0);
}

export function countJobFinished(status: 'OK' | 'KO'): void {
  jobsFinished.inc({ status });
}

/** A request that waited in an admission gate's queue (server.ts: `pages` or `api`). */
export function countAdmissionQueued(gate: string): void {
  admissionQueued.inc({ gate });
}

/** A request an admission gate answered 503: its queue was full, or it waited too long. */
export function countAdmissionRefused(gate: string, reason: string): void {
  admissionRefused.inc({ gate, reason });
}

/** Where the scrape reads an admission gate's requests in flight and waiting (added up per gate name). */
export function watchAdmission(
  gate: string,
  read: () => { inFlight: number; waiting: number },
): void {
  const reads = admissionLoad.get(gate) ?? admissionLoad.set(gate, new Set()).get(gate)!;
  reads.add(read);
}
