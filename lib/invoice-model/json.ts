type Json = Record<string, unknown>;

/** A JSON object (not an array, not null): how a GOBL document's parts are read. */
export const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The object without its undefined fields: a field GOBL leaves out is absent, never `undefined`. */
export const dropUndefined = (value: Json): Json =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
