export {
  observeHttp,
  observeArcaCall,
  countTicketIssued,
  observeWebhookDelivery,
  countInvoiceSent,
  countJobFinished,
  countAdmissionQueued,
  countAdmissionRefused,
  setDatabaseReadings,
  markDatabaseReadingsStale,
} from './observe';
export { metricsRegistry } from './registry';
