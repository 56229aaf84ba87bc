import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// One registry per process, kept on globalThis: server.ts and Next's server bundle each load their
// own copy of this module (as lib/db/instance.ts explains), and both must count into the same one.
const holder = globalThis as unknown as { __arcaMetrics?: ReturnType<typeof createMetrics> };

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return { registry, ...defineMetrics(registry) };
}

function defineMetrics(registry: Registry) {
  const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route class and status class',
    labelNames: ['route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });

  const arcaCalls = new Histogram({
    name: 'arca_call_duration_seconds',
    help: 'Calls to ARCA (WSAA, WSFE) by operation and outcome: ok, http_5xx, http_4xx, timeout, unreachable, too_large',
    labelNames: ['operation', 'outcome'] as const,
    buckets: SECONDS,
    registers: [registry],
  });

  const ticketsIssued = new Counter({
    name: 'arca_tickets_issued_total',
    help: 'WSAA access tickets obtained from ARCA (not from the shared cache), by environment',
    labelNames: ['environment'] as const,
    registers: [registry],
  });

  const webhookDeliveries = new Histogram({
    name: 'webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempts by outcome: delivered, refused (the receiver answered non-2xx), failed (no answer)',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers: [registry],
  });

  const invoicesSent = new Counter({
    name: 'invoices_sent_total',
    help: 'Invoices answered by ARCA, by environment and result: approved, rejected',
    labelNames: ['environment', 'result'] as const,
    registers: [registry],
  });

  const jobsFinished = new Counter({
    name: 'jobs_finished_total',
    help: 'Jobs this process (app instance or worker) ran to the end, by final status (OK, KO)',
    labelNames: ['status'] as const,
    registers: [registry],
  });

  /** Readings taken from the database at scrape time; the same for every instance on one database. */
  const jobsGauge = new Gauge({
    name: 'jobs',
    help: 'Jobs by status and by the provider of the step they are at (QUEUED: parked)',
    labelNames: ['status', 'step'] as const,
    registers: [registry],
  });

  const parkedJobsGauge = new Gauge({
    name: 'jobs_parked',
    help: 'Jobs parked (QUEUED) waiting for an outside event, such as a supplier validating a certificate',
    registers: [registry],
  });

  const certificatesExpiringGauge = new Gauge({
    name: 'certificates_expiring_within_30_days',
    help: 'Registered suppliers whose ARCA certificate expires within 30 days (expired ones included)',
    registers: [registry],
  });

  const databaseReadingsUp = new Gauge({
    name: 'database_readings_up',
    help: '1 when the readings above were taken from the database at this scrape, 0 when it did not answer (they are stale)',
    registers: [registry],
  });

  const admissionQueued = new Counter({
    name: 'admission_queued_total',
    help: 'Requests that waited for a slot in an admission gate (pages, api) before being handled or refused',
    labelNames: ['gate'] as const,
    registers: [registry],
  });

  const admissionRefused = new Counter({
    name: 'admission_refused_total',
    help: 'Requests an admission gate (pages, api) answered 503 with Retry-After, by reason: queue_full, waited_too_long',
    labelNames: ['gate', 'reason'] as const,
    registers: [registry],
  });

  /** Read from the gates at each scrape (watchAdmission); a process's gates of one name add up. */
  const admissionLoad = new Map<string, Set<() => { inFlight: number; waiting: number }>>();
  const sumOf = (
    reads: Set<() => { inFlight: number; waiting: number }>,
    key: 'inFlight' | 'waiting',
  ) => [...reads].reduce((sum, read) => sum + read()[key], 0);
  new Gauge({
    name: 'admission_in_flight',
    help: 'Requests an admission gate (pages, api) is handling now',
    labelNames: ['gate'] as const,
    registers: [registry],
    collect() {
      for (const [gate, reads] of admissionLoad) this.set({ gate }, sumOf(reads, 'inFlight'));
    },
  });
  new Gauge({
    name: 'admission_waiting',
    help: 'Requests waiting in an admission gate (pages, api) queue now',
    labelNames: ['gate'] as const,
    registers: [registry],
    collect() {
      for (const [gate, reads] of admissionLoad) this.set({ gate }, sumOf(reads, 'waiting'));
    },
  });
  return {
    httpDuration,
    admissionLoad,
    admissionQueued,
    admissionRefused,
    arcaCalls,
    ticketsIssued,
    webhookDeliveries,
    invoicesSent,
    jobsFinished,
    jobsGauge,
    parkedJobsGauge,
    certificatesExpiringGauge,
    databaseReadingsUp,
  };
}

export const metrics = (holder.__arcaMetrics ??= createMetrics());
export const metricsRegistry = metrics.registry;
