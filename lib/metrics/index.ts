export {
  observeHttp,
  observeArcaCall,
  countTicketIssued,
  observeWebhookDelivery,
  countInvoiceSent,
  countJobFinished,
  setDatabaseReadings,
  markDatabaseReadingsStale,
} from './observe';
export { metricsRegistry } from './registry';
