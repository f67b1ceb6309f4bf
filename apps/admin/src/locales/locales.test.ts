import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shared texts as the files hold them: read afresh, since the imported JSON is the object
 * i18next keeps and adds every loaded area to (and the test files share their worker's modules).
 */
const core = (lang: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(__dirname, `${lang}.json`), 'utf8'));
const bnCore = core('bn');
const enCore = core('en');

/** Each language's whole text tree: the shared texts and every area's (lib/i18n.ts). */
function whole(core: Record<string, unknown>, areas: Record<string, unknown>) {
  const tree: Record<string, unknown> = { ...core };
  for (const [file, texts] of Object.entries(areas)) {
    const area = file.replace(/.*\/(\w+)\.json$/, '$1');
    if (area in tree) throw new Error(`the area '${area}' has texts in both places`);
    tree[area] = texts;
  }
  return tree;
}
const bn = whole(bnCore, import.meta.glob('./areas/bn/*.json', { eager: true, import: 'default' }));
const en = whole(enCore, import.meta.glob('./areas/en/*.json', { eager: true, import: 'default' }));

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

describe('the back office texts', () => {
  const b = leaves(bn);
  const e = leaves(en);

  it('has the same areas in Bengali and English', () => {
    const areas = (lang: string) =>
      Object.keys(import.meta.glob('./areas/*/*.json'))
        .filter((f) => f.includes(`/${lang}/`))
        .map((f) => f.split('/').pop());
    expect(areas('bn')).toEqual(areas('en'));
  });

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

  it("has a text for every error only the back office's calls answer", async () => {
    const { BACK_OFFICE_ERRORS } = await import('@khela/contract/errors');
    for (const code of BACK_OFFICE_ERRORS) expect(e.get(`errors.${code}`), code).toEqual(expect.any(String));
  });
});
