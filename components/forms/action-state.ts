import type { Messages } from 'next-intl';

/** A console.results message: what a console action did, or why it refused. */
export type ResultCode = keyof Messages['console']['results'];

/**
 * What every form's server action returns to useActionState, in the wizard and in the console.
 * - `code` (+ `params`) names a console.results message the form translates; `errors` are messages
 *   written on the server (the wizard's ARCA explanations carry dates and names formatted there).
 * - `fields`: the fields an error is about, each with its problem's code.
 * - `values`: what was submitted, fed back as defaultValue (React 19 resets the form after an action);
 *   a file field cannot be refilled, so the wizard sends back the file's name instead.
 */
export type ActionState<Values extends object = Record<string, string>, Data = undefined, Fields extends object = Partial<Record<keyof Values, string>>> =
  | { status: 'idle'; values?: Partial<Values> }
  | { status: 'error'; code?: ResultCode; params?: Record<string, string | number>; errors?: string[]; fields?: Fields; values: Values }
  | { status: 'ok'; code?: ResultCode; data: Data; values?: Values };

export const idle = { status: 'idle' } as const;

/** The submitted text fields, fed back as defaultValue. */
export function formValues<K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? '')])) as Record<K, string>;
}
