import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A CSS variable that no theme defines falls back silently (or to a colour chosen for one theme
 * only): the avatar menu once drew a dark panel under dark text in the light theme. Every
 * `var(--x)` the site uses must be defined in both themes of tokens.css (or in its
 * theme-independent block, or in the same file); the in-house game pages have their own one
 * theme in play.css.
 */
const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const src = path.join(web, 'src');
const play = path.join(src, 'play');

function filesUnder(dir: string, exts: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full, exts);
    return exts.some((x) => e.name.endsWith(x)) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Custom properties declared in a piece of CSS (`--x: …`). */
function declared(css: string): Set<string> {
  return new Set([...css.matchAll(/(?:^|[{;\s])(--[a-z0-9-]+)\s*:/gi)].map((m) => m[1] as string));
}

/** Custom properties read in a file (`var(--x` with or without a fallback). */
function used(text: string): string[] {
  return [...new Set([...text.matchAll(/var\(\s*(--[a-z0-9-]+)/gi)].map((m) => m[1] as string))];
}

/** tokens.css split into its blocks: both themes, and what holds for either. */
function themes() {
  const css = readFileSync(path.join(src, 'styles/tokens.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const dark = new Set<string>();
  const light = new Set<string>();
  const common = new Set<string>();
  for (const m of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selector = m[1] as string;
    const names = declared(m[2] as string);
    const target = selector.includes('data-theme="light"')
      ? light
      : selector.includes('data-theme="dark"')
        ? dark
        : common;
    for (const n of names) target.add(n);
  }
  return { dark, light, common };
}

function undefinedIn(files: string[], known: Set<string>): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const local = declared(text);
    return used(text)
      .filter((v) => !known.has(v) && !local.has(v))
      .map((v) => `${path.relative(web, file)}: ${v}`);
  });
}

describe('theme variables', () => {
  const { dark, light, common } = themes();

  it('defines the same variables in the dark and the light theme', () => {
    expect([...dark].sort()).toEqual([...light].sort());
    expect(dark.size).toBeGreaterThan(10);
  });

  it('uses on the site only variables both themes define', () => {
    const known = new Set([...common, ...[...dark].filter((v) => light.has(v))]);
    const files = [
      ...filesUnder(src, ['.css', '.ts', '.tsx']).filter((f) => !f.startsWith(play + path.sep)),
      ...filesUnder(path.resolve(web, '../../packages/ui/src'), ['.css', '.ts', '.tsx']),
      path.join(web, 'index.html'),
    ];
    expect(files.length).toBeGreaterThan(20);
    expect(undefinedIn(files, known)).toEqual([]);
  });

  it('uses on the game pages only variables play.css defines', () => {
    const known = declared(readFileSync(path.join(play, 'play.css'), 'utf8'));
    expect(undefinedIn([...filesUnder(play, ['.css', '.ts']), path.join(web, 'play.html')], known)).toEqual([]);
  });
});
