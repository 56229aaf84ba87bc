import 'server-only';
import type { Db } from '@/lib/db';
import type { Supplier } from '@/lib/registration';
import { getEntryByKey, listEntryFiles, type Entry } from '@/lib/silo';
import { displayNumber } from './display-number';
import { WSFE_POINT_OF_SALE_NOT_ENABLED } from './wsfe-codes';

/** A form's token: 16 to 43 URL-safe characters (128 to 256 random bits in base64url). */
export const isTestInvoiceAttempt = (attempt: string) => /^[A-Za-z0-9_-]{16,43}$/.test(attempt);

/** One test invoice per registration and form token: the entry's key, and its job's. */
export const testInvoiceKey = (supplierEntryId: string, attempt: string) =>
  `wizard-test-invoice:${supplierEntryId}:${attempt}`;

export interface ArcaMessage {
  code: string;
  message: string;
}

/** The wizard's test invoice, read from its entry (state, doc, stamps, ARCA's answer). */
export interface TestInvoice {
  /** `processing` until the job ends (an entry not yet picked up counts as processing). */
  state: 'processing' | 'sent' | 'error';
  /** WSFE's CbteTipo (11 Factura C, 6 Factura B…), once ARCA has answered. */
  voucherType: number | null;
  /** `0001-00000001`, once ARCA approved it. */
  number: string | null;
  cae: string | null;
  /** yyyy-mm-dd */
  caeExpiry: string | null;
  /** Why ARCA rejected the invoice: its errors and, on a rejection, its observations. */
  errors: ArcaMessage[];
  /** Its PDF (the file the `pdf` step attaches with key `pdf`) is there to download. */
  hasPdf: boolean;
}

/** The key of the invoice's PDF among its files, as the `pdf` step attaches it (Invopop's). */
export const PDF_FILE_KEY = 'pdf';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** The test invoice a form token issued for this registration, or undefined when it issued none. */
export async function testInvoiceOf(
  db: Db,
  supplier: Pick<Supplier, 'entryId' | 'ownerId'>,
  attempt: string,
): Promise<TestInvoice | undefined> {
  if (!isTestInvoiceAttempt(attempt)) return undefined;
  const entry = await getEntryByKey(
    db,
    supplier.ownerId,
    testInvoiceKey(supplier.entryId, attempt),
  );
  if (!entry) return undefined;
  const files = await listEntryFiles(db, supplier.ownerId, entry.id);
  return { ...readTestInvoice(entry), hasPdf: files.some((file) => file.key === PDF_FILE_KEY) };
}

function readTestInvoice(entry: Entry): Omit<TestInvoice, 'hasPdf'> {
  const doc = asObject(entry.data.doc);
  const stamps = (
    Array.isArray(asObject(entry.data.head).stamps)
      ? (asObject(entry.data.head).stamps as unknown[])
      : []
  ).map(asObject);
  const stamp = (prv: string) => asText(stamps.find((s) => s.prv === prv)?.val);
  const response = asObject(
    entry.meta.find((m) => m.src === 'gov-ar' && m.key === 'arca-response')?.value,
  );
  const pointOfSale = Number(asText(doc.series));
  const code = asText(doc.code);
  const voucherType =
    asText(asObject(asObject(doc.tax).ext)['ar-arca-doc-type']) ?? asText(response.voucher_type);
  const messages = (value: unknown) =>
    (Array.isArray(value) ? value : []).map((e) => ({
      code: asText(asObject(e).code) ?? '',
      message: asText(asObject(e).message) ?? '',
    }));
  // A rejected voucher's reasons come in its Observaciones as often as in Errors.
  const answered =
    response.result === 'R'
      ? [...messages(response.errors), ...messages(response.observations)]
      : messages(response.errors);
  // Refused before a number was taken: ARCA answered 11002 (not enabled for web services) and no
  // voucher was sent, so there is no ARCA response on the entry, only the job's fault.
  const unusable = entry.faults.find((fault) => fault.code === 'point_of_sale_not_usable');
  // Refused before sending, as ARCA would have refused it: the fault names ARCA's code at its end.
  const predicted = entry.faults.find((fault) => fault.code === 'arca_would_reject');
  const predictedCode = predicted?.message.match(/\(ARCA (\d+)\)$/)?.[1];
  const errors =
    answered.length > 0
      ? answered
      : unusable
        ? [{ code: String(WSFE_POINT_OF_SALE_NOT_ENABLED), message: unusable.message }]
        : predicted && predictedCode
          ? [{ code: predictedCode, message: predicted.message }]
          : [];
  return {
    state: entry.state === 'sent' || entry.state === 'error' ? entry.state : 'processing',
    voucherType: voucherType && /^\d+$/.test(voucherType) ? Number(voucherType) : null,
    number: code && pointOfSale > 0 ? displayNumber(pointOfSale, Number(code)) : null,
    cae: stamp('arca-cae'),
    caeExpiry: stamp('arca-cae-expiry'),
    errors,
  };
}
