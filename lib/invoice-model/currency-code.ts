// WSFE's MonId (FEParamGetTiposMonedas) for the currencies we invoice in.
const MON_IDS: Record<string, string> = { ARS: 'PES', USD: 'DOL' };

/** The WSFE currency id of an ISO 4217 code: ARS → PES, USD → DOL; undefined for any other. */
export function currencyCode(currency: string): string | undefined {
  return Object.hasOwn(MON_IDS, currency) ? MON_IDS[currency] : undefined;
}
