export type ArcaEnvironment = 'sandbox' | 'live';
export const ARCA_ENVIRONMENTS: readonly ArcaEnvironment[] = ['sandbox', 'live'];

/** A code the wizard, the API and arca:check explain with messages `arca.codes.<code>` (es and en). */
export interface ArcaOutcome {
  code: string;
  ok: boolean;
  /** Values for the message placeholders: dates as ISO strings, CUITs as 11 digits. */
  params?: Record<string, string>;
}
