import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isAdminUrl } from './web';

/**
 * Content-Security-Policy: no inline script runs but the ones the site's own index.html carries,
 * each allowed by its hash (`inlineScriptHashes`), so injected markup cannot execute.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  // The human check (ALTCHA) solves its proof of work in workers built from blob: URLs; only
  // script that already runs under script-src 'self' can create one.
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Khela may be served over plain HTTP on a LAN or localhost; TLS is the proxy's job.
  upgradeInsecureRequests: null,
};

/**
 * The back office's CSP (BACK-OFFICE.md "Shape"), stricter than the site's: nothing but its own
 * files — no inline script or style, no images, frames or sockets from elsewhere — and no page
 * may frame it, so a staff member's clicks cannot be borrowed by another site.
 */
export const ADMIN_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'none'"],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers, computed once at start: they never depend on the request, and building
 * them per request cost more than the whole status call (see bench/).
 */
export function securityHeaders(
  scriptHashes: readonly string[] = [],
  base: Record<string, string[] | null> & { scriptSrc: string[] } = CSP_DIRECTIVES,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const directives = { ...base, scriptSrc: [...base.scriptSrc, ...scriptHashes] };
  helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false })(
    {} as never,
    res as never,
    () => {},
  );
  return headers;
}

/**
 * JSON API answers are never rendered as documents, so they carry the short OWASP REST set: a
 * CSP that allows nothing, no sniffing, no framing. Pages and static files get helmet's full set.
 * The shorter set halves the bytes of a small answer, which shows on the hottest calls.
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/**
 * Whether a request is for the JSON API (`/wps/`, `/lgw/`, the back office's `/bo/`); run on
 * every request, so no array walk.
 */
function isApiUrl(url: string): boolean {
  return url.startsWith('/wps/') || url.startsWith('/lgw/') || url.startsWith('/bo/');
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of a page: the build writes the theme
 * script and the script that asks for the site's code into index.html
 * (apps/web/inline-first-paint.ts) so they run without a round trip.
 */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    // A script with a source is a file, allowed by 'self'; only the code in the page is hashed.
    if (/\ssrc=/.test(m[1] ?? '')) continue;
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return out;
}

export function installSecurityHeaders(app: FastifyInstance) {
  const index = path.join(app.config.webDist, 'index.html');
  const pageHeaders = securityHeaders(existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : []);
  // The back office runs no inline script at all; search engines have no business with it.
  const adminHeaders = { ...securityHeaders([], ADMIN_CSP_DIRECTIVES), 'x-robots-tag': 'noindex, nofollow' };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiUrl(req.url) ? API_HEADERS : isAdminUrl(req.url) ? adminHeaders : pageHeaders);
    done();
  });
}
