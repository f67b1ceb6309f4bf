import { describe, expect, it } from 'vitest';
import { exact, open, settle, t, useKhela } from './support';

/** A Bengali word of the brand ('khela'), four codepoints in three clusters. */
const BENGALI = 'খেলা';
/** U+0984 is unassigned in the Bengali block: no font has it, so it can only be drawn as tofu. */
const TOFU = '\u0984'.repeat([...BENGALI].length);

describe('home', () => {
  const env = useKhela();

  it('opens in Bengali, drawn with the shipped Hind Siliguri webfont from the second page on', async () => {
    const { context, page, errors } = await open(env.browser);
    try {
      await page.goto(`${env.khela.url}/`);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: exact(t('bn', 'header.login')) }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
      await settle(page);
      // The Bengali face is `optional` (decision 0026): a first page keeps the system's Bengali
      // font while the face downloads; the next page has it from its first paint.
      await page.reload();
      await header.getByRole('button', { name: exact(t('bn', 'header.login')) }).waitFor();
      await settle(page);

      const fonts = await page.evaluate(
        ({ word, tofu }) => {
          /** Whether a CSS unicode-range ('U+980-9FE, U+200C, U+??') covers a codepoint. */
          const covers = (range: string, cp: number) =>
            range.split(',').some((part) => {
              const m = /^\s*U\+([0-9A-F?]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
              if (!m?.[1]) return false;
              const lo = Number.parseInt(m[1].replace(/\?/g, '0'), 16);
              const hi = m[2] ? Number.parseInt(m[2], 16) : Number.parseInt(m[1].replace(/\?/g, 'F'), 16);
              return cp >= lo && cp <= hi;
            });
          const faces: FontFace[] = [];
          document.fonts.forEach((f) => {
            faces.push(f);
          });
          const bengaliFaces = faces
            .filter((f) => f.family.replace(/["']/g, '') === 'Hind Siliguri')
            .filter((f) => covers(f.unicodeRange, word.codePointAt(0) ?? 0))
            .map((f) => ({ weight: f.weight, status: f.status }));
          const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
          const width = (font: string, text: string) => {
            ctx.font = font;
            return ctx.measureText(text).width;
          };
          return {
            check: document.fonts.check('16px "Hind Siliguri"', word),
            bengaliFaces,
            bodyFont: getComputedStyle(document.body).fontFamily,
            hind: width('16px "Hind Siliguri"', word),
            // A family nobody has: the browser's own fallback (Noto Sans Bengali on Debian).
            fallback: width('16px "Khela No Such Font"', word),
            tofu: width('16px "Hind Siliguri"', tofu),
            // Real glyphs have different advances; tofu boxes would all be one width.
            letters: [...word].map((c) => width('16px "Hind Siliguri"', c)),
          };
        },
        { word: BENGALI, tofu: TOFU },
      );

      expect(fonts.bodyFont).toMatch(/^"?Hind Siliguri"?/);
      expect(fonts.check).toBe(true);
      expect(fonts.bengaliFaces.length).toBeGreaterThan(0);
      // The regular (400) face that covers Bengali has been downloaded and is in use.
      expect(fonts.bengaliFaces).toContainEqual({ weight: '400', status: 'loaded' });
      // Drawn with Hind Siliguri's own glyphs: not the system fallback and not tofu.
      expect(fonts.hind).toBeGreaterThan(0);
      expect(Math.abs(fonts.hind - fonts.fallback)).toBeGreaterThan(0.5);
      expect(Math.abs(fonts.hind - fonts.tofu)).toBeGreaterThan(0.5);
      expect(new Set(fonts.letters.map((w) => w.toFixed(2))).size).toBeGreaterThan(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches to English from the header without a reload, and keeps it after a reload', async () => {
    const { context, page, errors } = await open(env.browser);
    try {
      await page.goto(`${env.khela.url}/`);
      const header = page.getByRole('banner');
      const bnLogin = header.getByRole('button', { name: exact(t('bn', 'header.login')) });
      await bnLogin.waitFor();
      await settle(page);
      // A marker that a reload would wipe.
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });

      await header.getByRole('button', { name: t('bn', 'language.current', { name: 'বাংলা' }) }).click();
      await page
        .getByRole('menu', { name: t('bn', 'language.choose') })
        .getByRole('menuitemradio', { name: 'English' })
        .click();

      await header.getByRole('button', { name: exact(t('en', 'header.login')) }).waitFor();
      expect(await bnLogin.count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument))
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(
        await page.evaluate(() => ({ lang: localStorage.getItem('lang'), hisLang: localStorage.getItem('hisLang') })),
      ).toEqual({ lang: 'en', hisLang: 'bn' });

      await page.reload();
      await header.getByRole('button', { name: exact(t('en', 'header.login')) }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.getByRole('button', { name: t('en', 'language.current', { name: 'English' }) }).count()).toBe(
        1,
      );
      expect(
        await page.evaluate(() => ({ lang: localStorage.getItem('lang'), hisLang: localStorage.getItem('hisLang') })),
      ).toEqual({ lang: 'en', hisLang: 'bn' });
      await settle(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('runs the announcements by, stops them under the pointer, and holds them still for reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page, errors } = await open(env.browser, { reducedMotion });
      try {
        await page.goto(`${env.khela.url}/`);
        const strip = page.getByRole('region', { name: exact(t('bn', 'pages.noticesLabel')) });
        const track = strip.getByRole('list');
        await track.waitFor();
        const marquee = () => track.evaluate((el) => el.getAnimations().map((a) => a.playState));
        if (reducedMotion === 'reduce') {
          expect(await marquee()).toEqual([]);
        } else {
          expect(await marquee()).toEqual(['running']);
          await strip.hover();
          await expect.poll(marquee).toEqual(['paused']);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('switches to the light theme and keeps it after a reload', async () => {
    const { context, page, errors } = await open(env.browser);
    try {
      await page.goto(`${env.khela.url}/`);
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      const toLight = page.getByRole('banner').getByRole('button', { name: exact(t('bn', 'theme.toLight')) });
      await toLight.waitFor();
      expect(await theme()).toBe('dark');

      await toLight.click();
      expect(await theme()).toBe('light');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t('bn', 'theme.toDark')) })
        .waitFor();

      await page.reload();
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t('bn', 'theme.toDark')) })
        .waitFor();
      expect(await theme()).toBe('light');
      await settle(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('resets a stored theme that is neither dark nor light to dark', async () => {
    const { context, page, errors } = await open(env.browser);
    try {
      // Before the first page load only: a reload must not store it again.
      await context.addInitScript(() => {
        try {
          if (!sessionStorage.getItem('__seeded')) {
            sessionStorage.setItem('__seeded', '1');
            localStorage.setItem('theme', 'purple');
          }
        } catch {}
      });
      await page.goto(`${env.khela.url}/`);
      await page
        .getByRole('banner')
        .getByRole('button', { name: exact(t('bn', 'theme.toLight')) })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await settle(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
