import { describe, expect, it } from 'vitest';
import { exact, type Lang, open, settle, t, useKhela } from './support';

describe('/helpmc help centre page', () => {
  const env = useKhela();

  /** The brand's help sections as the operator stored them, in display order. */
  async function sectionTitles(lang: Lang): Promise<string[]> {
    const rows = await env.khela.db.kysely
      .selectFrom('help_sections')
      .innerJoin('brands', 'brands.id', 'help_sections.brand_id')
      .select(['help_sections.title', 'help_sections.sort', 'help_sections.id'])
      .where('brands.is_default', '=', true)
      .orderBy('help_sections.sort')
      .orderBy('help_sections.id')
      .execute();
    return rows.map((r) => (r.title as Record<Lang, string>)[lang]);
  }

  for (const lang of ['bn', 'en'] as const) {
    it(`has no site header and shows the help centre title and the server's sections (${lang})`, async () => {
      const titles = await sectionTitles(lang);
      expect(titles.length).toBeGreaterThan(0);

      const { context, page, errors } = await open(env.browser);
      try {
        if (lang !== 'bn') await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        await page.goto(`${env.khela.url}/helpmc`);
        await page.getByRole('heading', { level: 1, name: exact(t(lang, 'help.title')) }).waitFor();
        await page.getByRole('button', { name: exact(titles[0] as string) }).waitFor();
        await settle(page);

        // No header: neither the banner landmark nor the site header element.
        expect(await page.getByRole('banner').count()).toBe(0);
        expect(await page.locator('header.site-header').count()).toBe(0);

        // Every section from the server, in the operator's order, each a disclosure button.
        const shown = page.locator('main button[aria-expanded]');
        expect(await shown.allInnerTexts()).toEqual(titles);
        // The first section starts open, with its content.
        const first = page.getByRole('button', { name: exact(titles[0] as string) });
        expect(await first.getAttribute('aria-expanded')).toBe('true');
        const panel = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`);
        await panel.locator('.rich-text').waitFor();
        expect((await panel.textContent())?.trim().length).toBeGreaterThan(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
