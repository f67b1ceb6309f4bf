import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

const THEME_TAG = '<script src="/theme-init.js"></script>';
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** The site's code main.tsx imports once the first screen is painted (see main.tsx). */
const DEFERRED_START = /src\/app\/start\.tsx$/;
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
  const theme = scriptOf('./theme-init.js');
  const loader = scriptOf('./load-site.js');
  return {
    name: 'khela-inline-first-paint',
    generateBundle(_options, bundle) {
      // Runs before Vite writes each dynamic import's list of files to preload (a user plugin's
      // hook comes first): see withoutSiteFiles.
      siteFiles = new Set([...entryFiles(bundle), ...deferredFiles(bundle)]);
      // The site's stylesheets belong in the main stylesheet, written into index.html: a separate
      // file for the deferred code would be asked for only when that code runs, and the page
      // would be unstyled until then.
      const sheets = deferredFiles(bundle).flatMap((file) => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' ? chunk.moduleIds.filter((id) => id.endsWith('.css')) : [];
      });
      if (sheets.length > 0) this.error(`import these stylesheets in src/main.tsx too: ${sheets.join(', ')}`);
    },
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
        if (!ctx.bundle) return out;
        return askAfterFirstPaint(preloadDeferred(out, ctx.bundle), loader);
      },
    },
  };
}

/** A script of this folder as the page carries it: the code, without its leading comment. */
function scriptOf(file: string): string {
  return readFileSync(new URL(file, import.meta.url), 'utf8')
    .replace(/^(\/\/.*\n)+/, '')
    .trim();
}

/**
 * The first screen is painted without the site's code (the server's frame and banner), so the
 * page names its scripts to load-site.js instead of asking for them itself: it asks once the
 * first screen is painted and its picture has arrived (decision 0050).
 */
function askAfterFirstPaint(html: string, loader: string): string {
  const entries = [...html.matchAll(ENTRY_TAG)].map((m) => m[1]);
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((m) => m[1]);
  if (entries.length !== 1) throw new Error(`index.html should have one module script, found ${entries.length}`);
  if (loader.includes('</script')) throw new Error('load-site.js cannot be inlined');
  const tag = `<script data-entry="${entries[0]}" data-preload="${preloads.join(' ')}">${loader}</script>`;
  const out = html.replace(ENTRY_TAG, '').replace(PRELOAD_TAG, '');
  if (!out.includes('</body>')) throw new Error('index.html has no </body>');
  return out.replace('</body>', () => `${tag}\n  </body>`);
}

/**
 * main.tsx imports the site's code (React's DOM renderer, the router, the layout) only after its
 * own evaluation, so that the phone runs them as separate tasks; the files themselves are asked
 * for by the HTML with the entry, or each would wait for the one before it on a slow link.
 */
function preloadDeferred(html: string, bundle: Rollup.OutputBundle): string {
  const links = deferredFiles(bundle)
    .filter((file) => !html.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const entry = html.indexOf('<script type="module"');
  if (entry < 0) throw new Error('index.html has no module script');
  return html.slice(0, entry) + links + html.slice(entry);
}

/** The site's entry, the deferred code and what they import: what index.html asks for itself. */
let siteFiles = new Set<string>();

/**
 * For `build.modulePreload.resolveDependencies`: the site's own scripts (the entry and the deferred
 * code) list, for each page and popup they import, the files to fetch with it — less the ones
 * index.html already asked for, which every such import would find loaded anyway.
 */
export function withoutSiteFiles(_file: string, deps: string[], host: { hostId: string; hostType: 'html' | 'js' }) {
  if (host.hostType !== 'js' || !siteFiles.has(host.hostId)) return deps;
  return deps.filter((dep) => !siteFiles.has(dep));
}

function chunksOf(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  // The chunk that holds start.tsx (its own or, through vite.config.ts's grouping, a shared one).
  const start = chunks.find((c) => c.moduleIds.some((id) => DEFERRED_START.test(id)));
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'));
  if (!start || !entry) throw new Error('no chunk for src/app/start.tsx or index.html in the bundle');
  return { start, entry };
}

/** A chunk and every chunk it imports, statically. */
function reached(bundle: Rollup.OutputBundle, from: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(from);
  return files;
}

function entryFiles(bundle: Rollup.OutputBundle): Set<string> {
  return reached(bundle, chunksOf(bundle).entry.fileName);
}

/** The chunks of src/app/start.tsx and what it imports, less what the entry itself imports. */
function deferredFiles(bundle: Rollup.OutputBundle): string[] {
  const loaded = entryFiles(bundle);
  return [...reached(bundle, chunksOf(bundle).start.fileName)].filter((file) => !loaded.has(file));
}
