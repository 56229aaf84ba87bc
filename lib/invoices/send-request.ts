import type { Allowed } from './send-protocol-types';
import type { InvoiceSend, VoucherSequence } from './send-store';
import type { SendVoucher } from './send-voucher-kinds';

/** One invoice's send, as the step asks it of the driver (send-voucher.ts) and a batch gathers it. */
export interface SendRequest {
  entryId: string;
  ownerId: string;
  supplierEntryId: string;
  jobId: string;
  environment: VoucherSequence['environment'];
  cuit: string;
  /**
   * The voucher mapped from the entry, used only when nothing is numbered for it yet: its point of
   * sale and voucher type name the sequence a new claim takes. A numbered send goes on with the
   * voucher stored under its number, sequence included.
   */
  voucher: SendVoucher;
  /**
   * The entry's row as the step read it before queuing for the sequence. Only a pending row with a
   * number is read again in the turn (it may have been reconciled meanwhile); for anything else the
   * claim itself tells when the row moved on (`settled`).
   */
  stored: InvoiceSend | undefined;
  /** Live: asks whether the point of sale is usable once the sequence is held, before numbering. */
  checkPointOfSale?: (pointOfSale: number) => Promise<Allowed>;
}
