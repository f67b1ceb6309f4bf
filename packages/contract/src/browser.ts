import { config } from 'zod';

/**
 * Imported first by the web app's entry. zod compiles a fast object parser with `new Function`
 * when it can, and finds out whether it can by trying once, as its object schemas are built; the
 * site's Content-Security-Policy has no 'unsafe-eval', so in a browser that try is a CSP
 * violation report on every page. The browser never parses with the contract's schemas (the
 * server validates), so it loses nothing by switching the compiler off before any is built.
 */
config({ jitless: true });
