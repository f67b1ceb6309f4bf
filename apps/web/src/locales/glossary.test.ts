import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The texts follow docs/glossary.md: one word per money and game term. The test reads the
 * glossary's table itself, so a new banned variant is one cell there, not a line here.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const GLOSSARY = path.resolve(dir, '../../../../docs/glossary.md');

type Row = { term: string; bn: string; en: string; notBn: string[]; notEn: string[] };

/** The rows of the table under "## Terms": | Term | What it is | BN | EN | Not in BN | Not in EN |. */
function glossary(): Row[] {
  const text = readFileSync(GLOSSARY, 'utf8');
  const section = text.slice(text.indexOf('## Terms'), text.indexOf('\n## ', text.indexOf('## Terms') + 1));
  const list = (cell: string | undefined) =>
    (cell ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Term') && !line.startsWith('| ---'))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      // cells[0] is before the first bar.
      return {
        term: cells[1] as string,
        bn: cells[3] as string,
        en: cells[4] as string,
        notBn: list(cells[5]),
        notEn: list(cells[6]),
      };
    });
}

/** Every text of a locale (all its namespace files) with the key it is at. */
function texts(lang: string): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.push({ key, text: value });
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}.${k}`);
  };
  // The packs a feature loads when it opens (`cashier/`) follow the glossary too.
  const read = (folder: string) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      if (e.isDirectory()) read(path.join(folder, e.name));
      else if (e.name.endsWith('.json'))
        walk(JSON.parse(readFileSync(path.join(folder, e.name), 'utf8')), e.name.slice(0, -'.json'.length));
    }
  };
  read(path.join(dir, lang));
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A Bengali variant is a stem: it matches where a word starts with it (জমা, জমার, জমায়). */
const bnStem = (word: string) => new RegExp(`(?<![\\p{L}\\p{M}])${escapeRe(word)}`, 'u');
/** An English variant is a whole word or phrase, in any case. */
const enWord = (word: string) => new RegExp(`(?<![\\p{L}])${escapeRe(word)}(?![\\p{L}])`, 'iu');

/** Where `lang`'s texts use a word the glossary rules out, as `key: word`. */
function banned(lang: 'bn' | 'en', rows: Row[]): string[] {
  const rules = rows.flatMap((r) =>
    (lang === 'bn' ? r.notBn : r.notEn).map((w) => ({ w, re: lang === 'bn' ? bnStem(w) : enWord(w) })),
  );
  return texts(lang).flatMap(({ key, text }) => rules.filter((r) => r.re.test(text)).map((r) => `${key}: ${r.w}`));
}

describe('the glossary', () => {
  const rows = glossary();

  it('is read from docs/glossary.md, with a word in both languages for every term', () => {
    expect(rows.map((r) => r.term)).toEqual(expect.arrayContaining(['deposit', 'withdraw', 'balance', 'bet', 'win']));
    for (const r of rows) expect([r.term, r.bn !== '', r.en !== '']).toEqual([r.term, true, true]);
  });

  it('has one word for deposit in Bengali: ডিপোজিট, never জমা', () => {
    expect(rows.find((r) => r.term === 'deposit')).toMatchObject({ bn: 'ডিপোজিট', notBn: ['জমা'] });
  });

  it('never rules out the word it chose', () => {
    for (const r of rows) {
      expect(r.notBn.filter((w) => bnStem(w).test(r.bn))).toEqual([]);
      expect(r.notEn.filter((w) => enWord(w).test(r.en))).toEqual([]);
    }
  });

  it('finds a ruled-out word where a word starts with it, and not inside another word', () => {
    expect(bnStem('জমা').test('টাকা জমার রসিদ')).toBe(true);
    expect(bnStem('বেট').test('অটো-বেট শুরু')).toBe(true);
    expect(bnStem('জমা').test('আজমাইন')).toBe(false);
    expect(enWord('top up').test('Top up your wallet')).toBe(true);
    expect(enWord('Tk').test('Tkt')).toBe(false);
  });

  it('no Bengali text uses a word the glossary rules out', () => {
    expect(banned('bn', rows)).toEqual([]);
  });

  it("the demo brand's Bengali help, notices and promotions use no word the glossary rules out", () => {
    // The help centre and the notices show the seeded content beside the site's own texts.
    const seed = path.resolve(dir, '../../../server/src/seed');
    const rules = rows.flatMap((r) => r.notBn.map((w) => ({ w, re: bnStem(w) })));
    const found = readdirSync(seed)
      .filter((f) => f.startsWith('demo-') && f.endsWith('.ts'))
      .flatMap((f) => {
        const text = readFileSync(path.join(seed, f), 'utf8');
        return rules.filter((r) => r.re.test(text)).map((r) => `${f}: ${r.w}`);
      });
    expect(found).toEqual([]);
  });

  it('no English text uses a word the glossary rules out', () => {
    expect(banned('en', rows)).toEqual([]);
  });

  it('no Bengali text writes a number in Latin digits, codes and formulas aside', () => {
    // Hash and seed formulas, their alphabet (0–9, a–f) and a model version are codes a player
    // copies as they are; every other number in a Bengali text is in Bengali digits.
    const CODES = /SHA-?256|HMAC-SHA256|0–9|:0\\"|:0"|slot-\d+/g;
    const latin = texts('bn').filter(({ text }) => /[0-9]/.test(text.replace(CODES, '')));
    expect(latin.map((t) => `${t.key}: ${t.text}`)).toEqual([]);
  });
});
