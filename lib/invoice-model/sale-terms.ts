import type { GoblInvoice } from './invoice-schema';

/**
 * The terms of the sale where GOBL keeps them: the period billed (`ordering.period`), the first
 * payment due date (FchServDesde/Hasta and FchVtoPago for services), and the rate of the invoice's
 * currency to pesos (MonCotiz).
 */
export function saleTerms(invoice: GoblInvoice) {
  return {
    period: invoice.ordering?.period,
    dueDate: invoice.payment?.terms?.due_dates?.[0]?.date,
    exchangeRate: invoice.exchange_rates?.find(
      (r) => r.from === invoice.currency && r.to === 'ARS',
    ),
  };
}
