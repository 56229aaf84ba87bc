export {
  observeHttp,
  observeArcaCall,
  countTicketIssued,
  observeWebhookDelivery,
  countInvoiceSent,
  countJobFinished,
  countAdmissionQueued,
  countAdmissionRefused,
  watchAdmission,
  setDatabaseReadings,
  markDatabaseReadingsStale,
} from './observe';
export { metricsRegistry } from './registry';
