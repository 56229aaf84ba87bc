import 'server-only';
import type { WsfeError } from '@/lib/arca';
import type { Db } from '@/lib/db';
import { arcaQrPayload, ctQrPayload } from '@/lib/invoice-model';
import { stampEnvelope, putMetaRecord } from '@/lib/silo';
import { invoiceDigest } from './invoice-digest';
import { invoicingSigner } from './invoicing-signer';
import { isCtSend, type NumberedSendVoucher } from './send-voucher-kinds';

const isoDate = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** ARCA's QR for the voucher, from the fields of the web service that approved it. */
const qrOf = (voucher: NumberedSendVoucher, cuit: string, cae: string) =>
  isCtSend(voucher)
    ? ctQrPayload({ voucher: voucher.ct, cuit, number: voucher.CbteNro, cae })
    : arcaQrPayload({ voucher, cuit, number: voucher.CbteNro, cae });

/** ARCA's answer as the entry's meta gov-ar/arca-response keeps it. */
function arcaResponse(
  voucher: NumberedSendVoucher,
  answer: { result: 'A' | 'R'; observations: WsfeError[]; errors: WsfeError[] },
  approved?: { cae: string; caeExpiry: string },
) {
  return {
    src: 'gov-ar',
    key: 'arca-response',
    value: {
      result: answer.result,
      observations: answer.observations,
      errors: answer.errors,
      voucher_type: voucher.CbteTipo,
      point_of_sale: voucher.PtoVta,
      number: voucher.CbteNro,
      ...(approved ? { cae: approved.cae, cae_expiry: isoDate(approved.caeExpiry) } : {}),
    },
  };
}

/**
 * Writes an approval into the invoice entry: its code, voucher type, CAE stamps, QR and ARCA's
 * answer, and signs the stamped envelope with the workspace's key (`sigs`), all in one write.
 */
export async function applyApproval(
  db: Db,
  entry: {
    ownerId: string;
    entryId: string;
    cuit: string;
    /** The entry's data as the step read it: the approval is written in one statement while it is unchanged. */
    readData?: Record<string, unknown>;
  },
  approval: {
    voucher: NumberedSendVoucher;
    cae: string;
    caeExpiry: string;
    observations: WsfeError[];
  },
): Promise<void> {
  const { voucher, cae, caeExpiry } = approval;
  const signer = await invoicingSigner(db, entry.ownerId);
  await stampEnvelope(db, entry.ownerId, entry.entryId, {
    sign: signer.sign,
    code: String(voucher.CbteNro),
    taxExt: { 'ar-arca-doc-type': String(voucher.CbteTipo) },
    digest: invoiceDigest,
    readData: entry.readData,
    stamps: [
      { prv: 'arca-cae', val: cae },
      { prv: 'arca-cae-expiry', val: isoDate(caeExpiry) },
      {
        prv: 'arca-qr',
        val: qrOf(voucher, entry.cuit, cae),
      },
    ],
    meta: arcaResponse(
      voucher,
      { result: 'A', observations: approval.observations, errors: [] },
      { cae, caeExpiry },
    ),
  });
}

/** Keeps ARCA's refusal on the entry (meta gov-ar/arca-response), for the console to explain each code. */
export async function applyRejection(
  db: Db,
  entry: { ownerId: string; entryId: string },
  rejection: { voucher: NumberedSendVoucher; errors: WsfeError[]; observations: WsfeError[] },
): Promise<void> {
  await putMetaRecord(db, {
    ownerId: entry.ownerId,
    entryId: entry.entryId,
    ...arcaResponse(rejection.voucher, { result: 'R', ...rejection }),
  });
}
