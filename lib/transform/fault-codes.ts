/** Why a step failed for good, stored on the job's events and faults; the console explains each one. */
export const JOB_FAULT_CODES = [
  'app_not_connected',
  'step_failed',
  'webhook_refused',
  'webhook_destination_refused',
  'webhook_gave_up',
  'supplier_not_registered',
  'invoice_invalid',
  'point_of_sale_not_usable',
  'arca_rejected',
  'arca_would_reject',
  'arca_review',
  'arca_certificate_refused',
  'arca_not_authorized',
  'arca_unreachable',
  'invoice_not_sent',
  'pdf_too_large',
  'workflow_schema_mismatch',
] as const;
export type JobFaultCode = (typeof JOB_FAULT_CODES)[number];

const KNOWN = new Set<string>(JOB_FAULT_CODES);

/** True for a code read back from a stored job that this version knows. */
export const isJobFaultCode = (code: string | undefined): code is JobFaultCode =>
  code !== undefined && KNOWN.has(code);
