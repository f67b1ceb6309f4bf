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

function load(lang: string) {
  const files = readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(
    files.map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(dir, lang, f), 'utf8'))]),
  );
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
      expect(texts.account.accountRecord).toBe(texts.memberCentre.pages.transactionHistory);
      expect(texts.account.bettingRecord).toBe(texts.memberCentre.pages.personalHistoryCopy);
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
