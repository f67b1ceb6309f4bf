import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@khela/contract/constants';
import { describe, expect, it } from 'vitest';

/** Every locale file holds exactly the keys of English, with no empty text (decision 0002). */
const dir = path.dirname(new URL(import.meta.url).pathname);

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** A namespace's texts deep-merged with a lazily loaded pack's part of it (`<lang>/cashier/errors.json`). */
function merge(into: Record<string, unknown>, from: Record<string, unknown>) {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (have && typeof have === 'object' && v && typeof v === 'object')
      merge(have as Record<string, unknown>, v as Record<string, unknown>);
    else into[k] = v;
  }
}

/**
 * A language's texts by namespace: its files, and the packs a feature loads when it opens
 * (subfolders such as `cashier/`, whose files merge into the namespace they are named after).
 */
function load(lang: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const read = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) read(path.join(folder, entry.name));
      else if (entry.name.endsWith('.json')) {
        const ns = entry.name.slice(0, -5);
        const texts = JSON.parse(readFileSync(path.join(folder, entry.name), 'utf8'));
        out[ns] ??= {};
        merge(out[ns], texts);
      }
    }
  };
  read(path.join(dir, lang));
  return out;
}

const en = load('en');
const enKeys = keysOf(en).sort();

describe('locale files', () => {
  it('English has texts', () => {
    expect(enKeys.length).toBeGreaterThan(10);
  });

  for (const lang of LOCALES) {
    it(`${lang} has every key of English and no other`, () => {
      const keys = keysOf(load(lang)).sort();
      expect(keys.filter((k) => !enKeys.includes(k))).toEqual([]);
      expect(enKeys.filter((k) => !keys.includes(k))).toEqual([]);
    });

    it(`${lang} has no empty text and keeps every {{placeholder}}`, () => {
      const texts = load(lang);
      for (const key of enKeys) {
        const get = (o: unknown) => key.split('.').reduce<unknown>((a, k) => (a as Record<string, unknown>)?.[k], o);
        const text = get(texts);
        expect(typeof text === 'string' && text.trim().length > 0, `${lang}: ${key}`).toBe(true);
        const want =
          String(get(en))
            .match(/\{\{\s*\w+\s*\}\}/g)
            ?.sort() ?? [];
        const have =
          String(text)
            .match(/\{\{\s*\w+\s*\}\}/g)
            ?.sort() ?? [];
        expect(have, `${lang}: ${key}`).toEqual(want);
      }
    });

    it(`${lang} names the avatar menu's records as the member centre titles them`, () => {
      const texts = load(lang);
      const pages = (texts.memberCentre as { pages: Record<string, string> }).pages;
      expect(texts.account?.accountRecord).toBe(pages.transactionHistory);
      expect(texts.account?.bettingRecord).toBe(pages.personalHistoryCopy);
    });
  }
});

describe('error texts', () => {
  it("every error code a player can meet has a text in English, and the back office's have none here", async () => {
    const { BACK_OFFICE_ERRORS, ERRORS } = await import('@khela/contract/errors');
    for (const code of BACK_OFFICE_ERRORS) expect((en.errors as Record<string, unknown>)[code], code).toBeUndefined();
    for (const [code, { messageKey }] of Object.entries(ERRORS)) {
      if (BACK_OFFICE_ERRORS.has(code as keyof typeof ERRORS)) continue;
      const [ns, key] = messageKey.split('.') as [string, string];
      expect((en[ns] as Record<string, unknown> | undefined)?.[key], messageKey).toEqual(expect.any(String));
    }
  });
});
