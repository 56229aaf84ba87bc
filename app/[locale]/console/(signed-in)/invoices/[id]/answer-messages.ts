import { isArcaInvoiceCode, type ArcaInvoiceCode } from '@/lib/invoice-model';
import type { ArcaMessage } from '@/lib/invoices';
import type { EntryFault } from '@/lib/silo';
import { isJobFaultCode, type JobFaultCode } from '@/lib/transform';

/** One item of ARCA's answer card: its code, what explains it in the console's language, its stored text. */
export interface AnswerMessage {
  code: string;
  message: string;
  /** `invoicing.arcaCodes.<code>` for ARCA's codes, `console.jobs.codes.<code>` for a failed send's. */
  explanation: { arca: ArcaInvoiceCode } | { fault: JobFaultCode } | null;
  /** The stored text is the send step's own, in English (ARCA writes Spanish). */
  english: boolean;
}

// A fault's code may carry a prefix (`arca.10016`): its trailing digits name ARCA's code.
const arcaCodeOf = (code: string | undefined) => /(\d+)$/.exec(code ?? '')?.[1];

/** ARCA's observations or errors. */
export function arcaMessages(list: ArcaMessage[]): AnswerMessage[] {
  return list.map((m) => ({
    code: m.code,
    message: m.message,
    explanation: isArcaInvoiceCode(m.code) ? { arca: m.code } : null,
    english: false,
  }));
}

/**
 * The faults of a failed send, explained in the console's language (the point of sale's
 * registration, ARCA's refusal, …); each of ARCA's `errors` is already told, so not again.
 */
export function faultMessages(faults: EntryFault[], errorCodes: Set<string>): AnswerMessage[] {
  return faults
    .map((fault): AnswerMessage => {
      const arcaCode = arcaCodeOf(fault.code);
      const code = arcaCode ?? fault.code ?? '';
      return {
        code,
        message: fault.message,
        explanation: isJobFaultCode(fault.code)
          ? { fault: fault.code }
          : arcaCode && isArcaInvoiceCode(arcaCode)
            ? { arca: arcaCode }
            : null,
        english: !arcaCode,
      };
    })
    .filter((m) => !errorCodes.has(m.code));
}
