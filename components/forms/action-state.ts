import type { Messages } from 'next-intl';
import type { MessageKey } from '@/lib/errors';

/** A console.results message: what a console action did, or why it refused. */
export type ResultCode = keyof Messages['console']['results'];

/**
 * What every form's server action returns to useActionState, in the wizard and in the console.
 * - `code` (+ `params`) names a console.results message the form translates; `errors` are messages
 *   written on the server (the wizard's ARCA explanations carry dates and names formatted there);
 *   `message` is a refused verb's own message (see errorState), shown when no `code` says more.
 * - `fields`: the fields an error is about, each with its problem's code.
 * - `values`: what was submitted, fed back as defaultValue (React 19 resets the form after an action);
 *   a file field cannot be refilled, so the wizard sends back the file's name instead.
 */
export type ActionState<
  Values extends object = Record<string, string>,
  Data = undefined,
  Fields extends object = Partial<Record<keyof Values, string>>,
> =
  | { status: 'idle'; values?: Partial<Values> }
  | {
      status: 'error';
      code?: ResultCode;
      params?: Record<string, string | number>;
      message?: ErrorMessage;
      errors?: string[];
      fields?: Fields;
      values: Values;
    }
  | { status: 'ok'; code?: ResultCode; data: Data; values?: Values };

/** A message by its full key, with its placeholders' values. */
export interface ErrorMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export const idle = { status: 'idle' } as const;

/** The submitted text fields, fed back as defaultValue. */
export function formValues<K extends string>(
  formData: FormData,
  names: readonly K[],
): Record<K, string> {
  return Object.fromEntries(
    names.map((name) => [name, String(formData.get(name) ?? '')]),
  ) as Record<K, string>;
}

/**
 * What a client posted as an action's form. Next decodes whatever a client sends into the action's
 * arguments (numbers, objects, nothing), so anything but a FormData reads as an empty form: the
 * action then refuses it as it refuses a blank one, instead of throwing (a 500).
 */
export function postedForm(posted: unknown): FormData {
  return posted instanceof FormData ? posted : new FormData();
}
