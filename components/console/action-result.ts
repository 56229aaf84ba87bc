/** What every console server action returns to useActionState: a code the form translates. */
export type ActionResult<Values extends Record<string, string> = Record<string, string>, Data = undefined> =
  | { status: 'idle' }
  | { status: 'error'; code: string; params?: Record<string, string | number>; fields?: Record<string, string>; values: Values }
  | { status: 'ok'; code?: string; data: Data; values?: Values };

export const idle = { status: 'idle' } as const;

/** The submitted text fields, fed back as defaultValue (React 19 resets the form after an action). */
export function formValues<K extends string>(formData: FormData, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? '')])) as Record<K, string>;
}
