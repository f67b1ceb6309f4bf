import { describe, expect, it } from 'vitest';
import contentBn from './areas/content.bn.json';
import contentEn from './areas/content.en.json';
import bn from './bn.json';
import en from './en.json';

/** Every leaf of a text tree as `a.b.c` → text. */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node))
      for (const [p, t] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, t);
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// The main texts, and those of areas that load with their own chunk (lib/area-texts.ts).
const PAIRS = [
  { name: 'the back office texts', bn, en },
  { name: "the Content and Catalog desks' texts", bn: contentBn, en: contentEn },
];

describe.each(PAIRS)('$name', (pair) => {
  const b = leaves(pair.bn);
  const e = leaves(pair.en);

  it('has the same keys in Bengali and English', () => {
    expect([...b.keys()].sort()).toEqual([...e.keys()].sort());
  });

  it('fills the same placeholders in both languages, and leaves no text empty', () => {
    for (const [key, text] of e) {
      expect(text.trim(), key).not.toBe('');
      expect(b.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(b.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('writes the Bengali texts in Bengali, not English left untranslated', () => {
    const untranslated = [...b].filter(([key, text]) => text === e.get(key) || !/[\u0980-\u09ff]/.test(text));
    expect(untranslated).toEqual([]);
  });

  it.runIf(pair.en === en)("has a text for every error only the back office's calls answer", async () => {
    const { BACK_OFFICE_ERRORS } = await import('@khela/contract/errors');
    for (const code of BACK_OFFICE_ERRORS) expect(e.get(`errors.${code}`), code).toEqual(expect.any(String));
  });
});
