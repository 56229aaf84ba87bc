import { vatRateId } from './vat-rate-id';
import { dropUndefined } from './json';

type Json = Record<string, unknown>;

// The regime's VAT rates as GOBL writes their percentages (regimes/ar.json): one decimal.
const REGIME_RATE_PERCENT: Record<string, string> = {
  general: '21.0%',
  reduced: '10.5%',
  increased: '27.0%',
};
// GOBL's addon sets the rate extension from the key or the rate only (never from a percentage).
const RATE_EXT: Record<string, string> = { reduced: '4', general: '5', increased: '6' };
// Our addition: the percentage of a combo that gives only the extension (5 % and 2.5 % have no rate key).
const EXT_PERCENT: Record<string, string> = {
  '3': '0%',
  '4': '10.5%',
  '5': '21.0%',
  '6': '27.0%',
  '8': '5%',
  '9': '2.5%',
};
// GOBL's VAT keys marked `no_percent`.
const WITHOUT_PERCENT = new Set([
  'exempt',
  'outside-scope',
  'export',
  'reverse-charge',
  'intra-community',
]);

/**
 * A line's VAT combo as GOBL's build leaves it: legacy rates renamed (`standard` → `general`,
 * `zero` → key `zero`), `key` defaulted to `standard`, the `percent` of the regime's rate (0% for
 * `zero`, none for exempt keys), and with the addon `ext["ar-arca-vat-rate"]` from the key or rate.
 * Beyond GOBL, so that ARCA's own rates can be given as plainly as it lists them: a percentage alone
 * gets its rate extension, and an extension alone its percentage (docs/invoicing.md). Fields in
 * GOBL's order (cat, country, key, rate, percent, surcharge, ext).
 */
export function normalizeVatCombo(combo: Json, addon: boolean): Json {
  if (combo.cat !== 'VAT') return combo;
  let rate = typeof combo.rate === 'string' ? combo.rate : undefined;
  let key = typeof combo.key === 'string' ? combo.key : undefined;
  if (rate === 'standard') rate = 'general';
  if (rate === 'zero' || rate === 'exempt') {
    key ??= rate;
    rate = undefined;
  }
  key ??= 'standard';
  const ext = { ...((combo.ext ?? {}) as Record<string, string>) };
  let percent = typeof combo.percent === 'string' ? combo.percent : undefined;
  if (rate && REGIME_RATE_PERCENT[rate]) percent = REGIME_RATE_PERCENT[rate];
  else if (key === 'zero') percent = '0%';
  else if (percent === undefined && ext['ar-arca-vat-rate'])
    percent = EXT_PERCENT[ext['ar-arca-vat-rate']];
  if (WITHOUT_PERCENT.has(key)) percent = undefined;

  if (addon && ext['ar-arca-vat-rate'] === undefined) {
    const code =
      key === 'zero'
        ? '3'
        : rate
          ? RATE_EXT[rate]
          : percent !== undefined
            ? vatRateId(percent)?.toString()
            : undefined;
    if (code) ext['ar-arca-vat-rate'] = code;
  }
  const { cat, country, surcharge } = combo;
  return dropUndefined({
    ...combo,
    cat,
    country,
    key,
    rate,
    percent,
    surcharge,
    ext: Object.keys(ext).length > 0 ? sortedKeys(ext) : undefined,
  });
}

/** GOBL writes extension maps with their keys sorted (Go's map order in JSON). */
export function sortedKeys<T>(map: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1)));
}
