import { Money } from './decimal';

// WSFE's AlicIva ids (FEParamGetTiposIva), by percentage.
const RATE_IDS: readonly [string, number][] = [
  ['0', 3],
  ['2.5', 9],
  ['5', 8],
  ['10.5', 4],
  ['21', 5],
  ['27', 6],
];

/** The AlicIva id of an IVA percentage ("21", "10.50", "21%"), or undefined when ARCA has none. */
export function vatRateId(percent: string): number | undefined {
  const text = percent.trim().replace(/%$/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const value = new Money(text);
  return RATE_IDS.find(([p]) => value.equals(p))?.[1];
}

/** The percentage of an AlicIva id ("21" for 5), for the `ar-arca-vat-rate` extension. */
export function vatRatePercent(rateId: number): string | undefined {
  return RATE_IDS.find(([, id]) => id === rateId)?.[0];
}
