import { describe, expect, it } from 'vitest';
import es from '@/messages/es.json';
import en from '@/messages/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('messages', () => {
  const spanish = flatten(es as Tree);
  const english = flatten(en as Tree);

  it('has every Spanish key in English', () => {
    expect([...spanish.keys()].filter((k) => !english.has(k))).toEqual([]);
  });

  it('has every English key in Spanish', () => {
    expect([...english.keys()].filter((k) => !spanish.has(k))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...spanish.keys()].filter(
      (k) =>
        english.has(k) &&
        placeholders(spanish.get(k)!).join() !== placeholders(english.get(k)!).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('has no empty message', () => {
    expect([...spanish, ...english].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it("spells ARCA's service as its portal does: «Facturación Electrónica»", () => {
    expect(
      [...spanish, ...english]
        .filter(([, v]) => v.includes('Facturación electrónica'))
        .map(([k]) => k),
    ).toEqual([]);
  });
});
