import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rollup } from 'vite';
import { inlineFirstPaint, withoutSiteFiles } from './inline-first-paint.ts';
import { precompress } from './precompress.ts';
import { preloadDefaultTexts } from './preload-texts.ts';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const START = page('src/app/start.tsx');

/**
 * What the site's code evaluated after the first paint (src/app/start.tsx, see main.tsx) needs
 * and neither page entry already loads: its modules go into one chunk (React's DOM renderer into
 * another, evaluated first) instead of a dozen small shared ones, each a request and each
 * compressed alone.
 */
function deferredChunk(): (id: string, ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null }) => string | null {
  let deferred: Set<string> | undefined;
  return (id, ctx) => {
    if (!deferred) {
      const reach = (from: string[]) => {
        const seen = new Set<string>();
        const stack = [...from];
        while (stack.length > 0) {
          const next = stack.pop() as string;
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = reach([page('index.html'), page('play.html'), page('src/main.tsx')]);
      deferred = new Set([...reach([START])].filter((m) => !entries.has(m)));
    }
    if (!deferred.has(id)) return null;
    return /node_modules[\\/](react-dom|scheduler)[\\/]/.test(id) ? 'react-dom' : 'start';
  };
}

export default defineConfig({
  plugins: [react(), preloadDefaultTexts(), inlineFirstPaint(), precompress()],
  build: {
    target: 'es2020',
    manifest: true,
    // The phones this site is for (Chrome on Android) have modulepreload; a browser without it
    // loads the same files a little later, so the polyfill is not worth its bytes on every visit.
    modulePreload: { polyfill: false, resolveDependencies: withoutSiteFiles },
    sourcemap: false,
    rollupOptions: {
      // Two pages: the site, and the in-house game page the game frame shows (/play/<game>).
      input: { main: page('index.html'), play: page('play.html') },
      output: {
        // Stable names per chunk so size-limit can find "what the home route loads".
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: deferredChunk() },
            // The language setup and what it plugs in (the number formatter, react-i18next's
            // binding, the manifest's language) stay one chunk, as the first screen loads them:
            // left to itself the bundler splits them whenever a lazy page imports one without the
            // others, and each split is one more file the home page names and fetches.
            {
              name: 'i18n',
              test: /src[\\/]lib[\\/](i18n|format|install-app)\.ts$|react-i18next[\\/].*initReactI18next/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/wps': 'http://127.0.0.1:8080',
      '/lgw': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
