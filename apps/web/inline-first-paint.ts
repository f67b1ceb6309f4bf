import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const THEME_TAG = '<script src="/theme-init.js"></script>';
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/main-[\w-]+\.css)">/;

/**
 * Puts what the first paint waits for into index.html itself (decision 0033): the theme script,
 * which must run before anything is painted, and the site's main stylesheet. As files each was
 * a round trip that blocked the first paint — on a 150 ms mobile link, the longest wait before
 * the server-painted first screen could show. The server allows the inline script by its hash in
 * the Content-Security-Policy (platform/security-headers.ts); no other inline script runs.
 */
export function inlineFirstPaint(): Plugin {
  // Without its leading comment: the page carries the code, the file the explanation.
  const theme = readFileSync(new URL('./theme-init.js', import.meta.url), 'utf8')
    .replace(/^(\/\/.*\n)+/, '')
    .trim();
  return {
    name: 'khela-inline-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        if (!html.includes(THEME_TAG)) throw new Error('index.html no longer loads /theme-init.js');
        let out = html.replace(THEME_TAG, () => `<script>${theme}</script>`);
        const sheet = ctx.bundle ? STYLESHEET.exec(out) : null;
        if (ctx.bundle && sheet?.[1]) {
          const asset = ctx.bundle[sheet[1]];
          if (asset?.type !== 'asset') throw new Error(`no stylesheet ${sheet[1]} in the bundle`);
          const css = String(asset.source);
          if (css.includes('</style')) throw new Error('the main stylesheet cannot be inlined');
          out = out.replace(sheet[0], () => `<style>${css}</style>`);
        }
        // The first screen is painted without them (the server's frame and banner): they are
        // asked for at once but after the banner and the stylesheet's fonts, not before.
        return out.replace(
          /<(script type="module"|link rel="modulepreload") crossorigin /g,
          '<$1 crossorigin fetchpriority="low" ',
        );
      },
    },
  };
}
