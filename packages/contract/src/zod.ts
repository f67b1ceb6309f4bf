import { config, z } from 'zod';

/**
 * The contract's one door to zod. In a browser it first switches zod's code generation off:
 * zod compiles a fast object parser with `new Function` when it can, and finds out whether it
 * can by trying once as its object schemas are built; the site's Content-Security-Policy has no
 * 'unsafe-eval', so that try is a CSP violation report on every page. The browser never parses
 * with these schemas (the server validates), so it loses nothing; the server keeps the fast
 * parsers. Every contract file imports `z` from here, so this runs before any schema is built,
 * however the bundler splits the chunks.
 */
if (typeof window !== 'undefined') config({ jitless: true });

export { z };
