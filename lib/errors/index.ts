/** A refusal the caller can act on. Adapters map `kind` to an HTTP status or a form message. */
export class DomainError extends Error {
  constructor(
    readonly kind: 'validation' | 'not_found' | 'conflict' | 'precondition',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

