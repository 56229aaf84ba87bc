import {
  calculateInvoice,
  parseInvoice,
  type GoblInvoice,
  type InvoiceCalculation,
} from '@/lib/invoice-model';

export interface ReadInvoice {
  invoice: GoblInvoice;
  calculation: InvoiceCalculation;
}

/**
 * The stored document read with the same model that accepted it, and calculated again (decimal
 * arithmetic, never floats). `code` is ARCA's number, added when sent: the model refuses a
 * client's, so it is set aside here. Null for a document the model no longer accepts.
 */
export function readInvoiceDoc(doc: Record<string, unknown>): ReadInvoice | null {
  const { code: _code, ...rest } = doc;
  const parsed = parseInvoice(rest);
  if (!parsed.ok) return null;
  const calculated = calculateInvoice(parsed.value);
  if (!calculated.ok) return null;
  return { invoice: parsed.value, calculation: calculated.value };
}
