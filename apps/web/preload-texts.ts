import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The contract's DEFAULT_LOCALE. Vite loads this config with Node, which cannot import the
 * contract's TypeScript, so the value is read from its source (and the build stops if it moves).
 */
function defaultLocale(): string {
  const source = readFileSync(new URL('../../packages/contract/src/constants.ts', import.meta.url), 'utf8');
  const found = /export const DEFAULT_LOCALE\b[^=]*=\s*'([a-z]+)'/.exec(source)?.[1];
  if (!found) throw new Error('DEFAULT_LOCALE not found in packages/contract/src/constants.ts');
  return found;
}

type Chunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };

/**
 * Puts the default language's texts (and what they import) in index.html as module preloads: a
 * first visit reads them before it renders anything (main.tsx), and otherwise asks for them
 * only once the main script has run — a round trip more on a slow link. A visitor who chose
 * another language downloads that one as before.
 */
export function preloadDefaultTexts(): Plugin {
  return {
    name: 'khela-preload-default-texts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return;
        const locale = defaultLocale();
        const chunks = Object.values(ctx.bundle).filter((c): c is Chunk & typeof c => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const texts = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/locales/${locale}/index.ts`));
        if (!texts) throw new Error(`no chunk for the ${locale} texts`);
        const files: string[] = [];
        const visit = (file: string) => {
          if (files.includes(file) || html.includes(`/${file}"`)) return;
          files.push(file);
          for (const i of byFile.get(file)?.imports ?? []) visit(i);
        };
        visit(texts.fileName);
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
