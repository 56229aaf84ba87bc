import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

// GOBL's published JSON Schemas ship with the product (lib/gobl/schemas, GOBL's LICENSE and NOTICE
// beside them): a document is checked exactly as GOBL defines it on any machine.
const SCHEMA_DIR = path.join(process.cwd(), 'lib/gobl/schemas');

// GOBL's own keywords, which JSON Schema does not know.
const GOBL_KEYWORDS = ['calculated', 'recommended'];

// Fields GOBL's build fills in though its schema does not mark them calculated: a due date's amount
// comes from its percent of the payable, and an envelope's header gets its uuid and digest.
const ALSO_CALCULATED: Record<string, string[]> = {
  'pay.DueDate': ['amount'],
  'head.Header': ['uuid', 'dig'],
};

const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(file);
    return entry.name.endsWith('.json') ? [file] : [];
  });
}

/**
 * A client's document, as GOBL reads it: a field GOBL does not define is refused (each named type
 * closed with `additionalProperties: false`), and what GOBL calculates (`calculated: true`, such as
 * `totals` or a line's `sum`) may be left out, since building fills it in.
 */
function asClientInput(schema: Json): Json {
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  const closed = Object.fromEntries(
    Object.entries(defs).map(([name, def]) => {
      if (!isObject(def) || !isObject(def.properties) || def.patternProperties) return [name, def];
      const properties = def.properties as Record<string, Json>;
      const required = Array.isArray(def.required)
        ? def.required.filter(
            (field: string) =>
              !properties[field]?.calculated && !ALSO_CALCULATED[name]?.includes(field),
          )
        : undefined;
      return [name, { ...def, additionalProperties: false, ...(required ? { required } : {}) }];
    }),
  );
  // GOBL's decoder takes an amount written as a JSON number as well as a string.
  if (isObject(closed['num.Amount']))
    closed['num.Amount'] = {
      ...(closed['num.Amount'] as Json),
      type: ['string', 'number'],
    };
  return withoutBrokenEnums({ ...schema, $defs: closed }) as Json;
}

/** GOBL 0.502 publishes `"enum": "advice"` (bill/delivery), which is no JSON Schema: its `oneOf` already says it. */
function withoutBrokenEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutBrokenEnums);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => key !== 'enum' || Array.isArray(value))
      .map(([key, value]) => [key, withoutBrokenEnums(value)]),
  );
}

let compiled: { ajv: Ajv2020; validators: Map<string, ValidateFunction> } | undefined;

function load() {
  if (compiled) return compiled;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    // GOBL's patterns are Go regular expressions (`\-`), which JavaScript's unicode mode refuses.
    unicodeRegExp: false,
  });
  addFormats(ajv);
  // A file's media type (org/attachment): GOBL checks none beyond it being text.
  ajv.addFormat('mime', true);
  for (const keyword of GOBL_KEYWORDS) ajv.addKeyword(keyword);
  for (const file of schemaFiles(SCHEMA_DIR))
    ajv.addSchema(asClientInput(JSON.parse(readFileSync(file, 'utf8')) as Json));
  compiled = { ajv, validators: new Map() };
  return compiled;
}

/** The validator of one GOBL schema by its `$id` (e.g. `https://gobl.org/draft-0/bill/invoice`). */
export function goblValidator(schemaId: string): ValidateFunction | undefined {
  const { ajv, validators } = load();
  let validate = validators.get(schemaId);
  if (!validate) {
    validate = ajv.getSchema(schemaId);
    if (!validate) return undefined;
    validators.set(schemaId, validate);
  }
  return validate;
}
