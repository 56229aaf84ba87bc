import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '@/lib/invoice-model';

// GOBL's own Argentine examples and what GOBL's build makes of them, read where they are shared
// beside the repository (never copied in): ../shared/gobl/examples/ar and its out/ folder.
const EXAMPLES = path.join(process.cwd(), '..', 'shared', 'gobl', 'examples', 'ar');
const OUT = path.join(EXAMPLES, 'out');
const TODAY = '2026-11-28';

const EXAMPLE_FILES = [
  'invoice-ar-arca-credit-note.json',
  'invoice-ar-arca-debit-note.json',
  'invoice-ar-arca-foreign-customer.json',
  'invoice-ar-arca-monotributo.json',
  'invoice-ar-arca-services.json',
  'invoice-ar-arca-simplified-no-customer.json',
  'invoice-ar-arca-simplified.json',
  'invoice-ar-arca-standard.json',
  'invoice-ar-arca-used-goods.json',
  'invoice-ar-arca-with-charges.json',
  'invoice-ar-arca-zero-rate.json',
  'invoice-increased-rate.json',
  'invoice-mixed-rates.json',
  'invoice-reduced-rate.json',
  'invoice-standard.json',
] as const;
/** The example that carries a field GOBL's schema does not define (`charges[0].description`). */
const MONOTRIBUTO = 'invoice-ar-arca-monotributo.json';
const WITHOUT_ADDON = [
  'invoice-standard.json',
  'invoice-mixed-rates.json',
  'invoice-reduced-rate.json',
  'invoice-increased-rate.json',
] as const;
/** The supplier CUIT of GOBL's monotributo example: a registered supplier there is a monotributista. */
const MONOTRIBUTISTA_CUIT = '20172543597';

type Json = Record<string, unknown>;

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const example = (name: string) => readJson(path.join(EXAMPLES, name));
const goblDoc = (name: string) => readJson(path.join(OUT, name)).doc as Json;

/** The example as GOBL's schema defines it: the monotributo example without its charge's description. */
function withoutUndefinedField(name: string): Json {
  const input = example(name);
  if (name !== MONOTRIBUTO) return input;
  const [first, ...rest] = input.charges as Json[];
  const { description: _undefinedInGobl, ...charge } = first!;
  return { ...input, charges: [charge, ...rest] };
}

/** The built invoice; a refusal fails the test with its problems. */
function built(result: ReturnType<typeof buildInvoice>) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

const regimeOf = (input: Json) =>
  ((input.supplier as Json).tax_id as Json).code === MONOTRIBUTISTA_CUIT
    ? ('monotributista' as const)
    : ('responsable_inscripto' as const);

function missingSharedGobl(): string | undefined {
  const missing = EXAMPLE_FILES.flatMap((name) => [
    path.join(EXAMPLES, name),
    path.join(OUT, name),
  ]).filter((file) => !existsSync(file));
  if (!missing.length) return undefined;
  return `skipped: ${missing.length} of GOBL's example files not found under ../shared/gobl/examples/ar beside the repository (shared reference files are read there, never copied in)`;
}

const NAME = "buildInvoice on GOBL's Argentine examples";
const missing = missingSharedGobl();
if (missing) describe.skip(`${NAME} (${missing})`, () => it.skip(missing, () => undefined));
else
  describe(NAME, () => {
    it("reads all 15 of GOBL's examples, each with its built output", () => {
      const inputs = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
      expect(inputs.sort()).toEqual([...EXAMPLE_FILES].sort());
    });

    describe("without a regime (GOBL's own choice, from the monotax tag)", () => {
      for (const name of EXAMPLE_FILES.filter((n) => n !== MONOTRIBUTO)) {
        it(`builds ${name} into the same document as GOBL`, () => {
          expect(built(buildInvoice(example(name), { today: TODAY })).doc).toEqual(goblDoc(name));
        });
      }

      it(`refuses ${MONOTRIBUTO} for its charges[0].description, a field GOBL's schema does not define`, () => {
        const input = example(MONOTRIBUTO);
        expect((input.charges as Json[])[0]).toHaveProperty('description');
        expect(buildInvoice(input, { today: TODAY })).toEqual({
          ok: false,
          problems: [{ path: 'charges[0].description', code: 'unknown_field' }],
        });
      });

      it(`builds ${MONOTRIBUTO} without that field into the same document as GOBL`, () => {
        const input = withoutUndefinedField(MONOTRIBUTO);
        expect(built(buildInvoice(input, { today: TODAY })).doc).toEqual(goblDoc(MONOTRIBUTO));
      });
    });

    describe("with the regime a registered supplier would have (monotributista for GOBL's monotax CUIT)", () => {
      it('takes the monotributo example as the only monotributista supplier', () => {
        const monotributistas = EXAMPLE_FILES.filter(
          (name) => regimeOf(example(name)) === 'monotributista',
        );
        expect(monotributistas).toEqual([MONOTRIBUTO]);
      });

      for (const name of EXAMPLE_FILES) {
        it(`builds ${name} into the same document as GOBL`, () => {
          const input = withoutUndefinedField(name);
          const result = buildInvoice(input, { regime: regimeOf(input), today: TODAY });
          expect(built(result).doc).toEqual(goblDoc(name));
        });
      }
    });

    it('builds the four examples without $addons without the ar-arca-v4 addon', () => {
      for (const name of WITHOUT_ADDON) {
        const input = example(name);
        expect(input.$addons).toBeUndefined();
        expect(built(buildInvoice(input, { today: TODAY })).addon).toBe(false);
      }
    });

    it('builds the eleven examples with $addons with the ar-arca-v4 addon', () => {
      const withAddon = EXAMPLE_FILES.filter(
        (name) => !(WITHOUT_ADDON as readonly string[]).includes(name),
      );
      expect(withAddon).toHaveLength(11);
      for (const name of withAddon) {
        const input = withoutUndefinedField(name);
        expect(built(buildInvoice(input, { today: TODAY })).addon).toBe(true);
      }
    });
  });
