import type { NumberedSendVoucher } from './send-voucher-kinds';

/** One field where ARCA's approval does not describe the voucher that was sent. */
export interface ApprovalDifference {
  field: 'Cuit' | 'PtoVta' | 'CbteTipo' | 'CbteDesde' | 'CbteHasta' | 'CbteFch' | 'CAEFchVto';
  sent: string;
  answered: string;
}

/** What an approval says about the voucher it approves: FECAESolicitar's or FECompConsultar's fields. */
export interface ApprovalClaim {
  cuit: string | null;
  pointOfSale: number;
  voucherType: number;
  number: number;
  numberTo: number;
  date: string | null;
  caeExpiry: string;
}

const NONE = '(none)';

/**
 * The differences between an approval and the voucher sent under `cuit`; empty when ARCA approved
 * exactly that voucher. A CAE that expires before the voucher's own date is a difference too: such
 * a CAE cannot authorise the voucher it is printed on.
 */
export function approvalDifferences(
  claim: ApprovalClaim,
  sent: Pick<NumberedSendVoucher, 'PtoVta' | 'CbteTipo' | 'CbteNro' | 'CbteFch'>,
  cuit: string,
): ApprovalDifference[] {
  const pairs: [ApprovalDifference['field'], string, string | null][] = [
    ['Cuit', cuit, claim.cuit],
    ['PtoVta', String(sent.PtoVta), String(claim.pointOfSale)],
    ['CbteTipo', String(sent.CbteTipo), String(claim.voucherType)],
    ['CbteDesde', String(sent.CbteNro), String(claim.number)],
    ['CbteHasta', String(sent.CbteNro), String(claim.numberTo)],
    ['CbteFch', sent.CbteFch, claim.date],
  ];
  const differences: ApprovalDifference[] = pairs
    .filter(([, expected, answered]) => expected !== answered)
    .map(([field, expected, answered]) => ({ field, sent: expected, answered: answered ?? NONE }));
  if (claim.caeExpiry < sent.CbteFch)
    differences.push({ field: 'CAEFchVto', sent: `≥ ${sent.CbteFch}`, answered: claim.caeExpiry });
  return differences;
}

/** One line for the review: "PtoVta sent 2, ARCA answered 4000; CbteDesde sent 701, ARCA answered 79". */
export const describeDifferences = (differences: ApprovalDifference[]) =>
  differences.map((d) => `${d.field} sent ${d.sent}, ARCA answered ${d.answered}`).join('; ');
