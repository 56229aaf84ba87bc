import type { Messages, MessageKeys, NestedKeyOf } from 'next-intl';

/** What went wrong, as a caller can act on it. Only the edges map it: lib/api to an HTTP status, pages to a form message. */
export const ERROR_KINDS = [
  'invalid',
  'not_found',
  'conflict',
  'precondition',
  'forbidden',
  'rate_limited',
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Any message of messages/es.json by its full path (`wizard.certificate.alias.tooLong`); tsc rejects one that does not exist. */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

interface DomainErrorInit {
  kind: ErrorKind;
  /** Stable, snake_case, for programs and logs (`entry_not_found`); never shown translated. */
  code: string;
  /** One English sentence for developers: the API's `detail`, the CLI's output, the logs. Never fed to t(). */
  detail: string;
  /** What a person reads, translated on the page; the kind's `errors.<kind>` message when omitted. */
  messageKey?: MessageKey;
  values?: Record<string, string | number>;
  /** Per-field problems by dotted path (`data.tax_id.code`); the API nests them as Invopop does. */
  fields?: Record<string, string>;
  /** Per field, the ARCA (WSFEv1) rejection code its problem prevents (the API's `arca_codes`). */
  arcaCodes?: Record<string, number>;
}

/** The one error a domain verb throws for a refusal the caller can act on. Anything else is a bug (logged, 500). */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly messageKey: MessageKey;
  readonly values?: Record<string, string | number>;
  readonly fields?: Record<string, string>;
  readonly arcaCodes?: Record<string, number>;

  constructor(init: DomainErrorInit) {
    super(init.detail);
    this.name = 'DomainError';
    this.kind = init.kind;
    this.code = init.code;
    this.messageKey = init.messageKey ?? `errors.${init.kind}`;
    if (init.values) this.values = init.values;
    if (init.fields) this.fields = init.fields;
    if (init.arcaCodes) this.arcaCodes = init.arcaCodes;
  }
}
