import type { DomainError } from '@/lib/errors';
import type { ErrorMessage, ResultCode } from './action-state';

interface ErrorStateOptions<Field extends string> {
  /** The form's own message for this refusal; without it the form shows the error's message. */
  code?: ResultCode;
  /** The form field a problem's path (`webhook.url`) is about; problems of no field of this form are dropped. */
  fieldOf?: (path: string) => Field | undefined;
}

/** Field is inferred from fieldOf only, never from the state the action returns. */
interface ErrorActionState<Values, Field extends string> {
  status: 'error';
  code?: ResultCode;
  message: ErrorMessage;
  fields?: Partial<Record<NoInfer<Field>, string>>;
  values: Values;
}

/** The one mapping of a DomainError to a form's ActionState: its message key and values, its fields by form field, what was typed. */
export function errorState<Values extends object, Field extends string = never>(
  error: DomainError,
  values: Values,
  options: ErrorStateOptions<Field> = {},
): ErrorActionState<Values, Field> {
  const message: ErrorMessage = {
    key: error.messageKey,
    ...(error.values ? { values: error.values } : {}),
  };
  const fields: Partial<Record<Field, string>> = {};
  for (const [path, problem] of Object.entries(error.fields ?? {})) {
    const field = options.fieldOf?.(path);
    if (field !== undefined) fields[field] ??= problem;
  }
  return {
    status: 'error',
    ...(options.code ? { code: options.code } : {}),
    message,
    ...(Object.keys(fields).length ? { fields } : {}),
    values,
  };
}
