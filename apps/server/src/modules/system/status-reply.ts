import { LOCALES } from '@khela/contract';
import { type BrandSnapshot, brandStore, normaliseHost } from '../../platform/brand';
import { clientIp, type Visitor } from '../../platform/client-ip';
import type { Database } from '../../platform/db';
import type { EarlyAnswer } from '../../platform/early-answers';
import { countryOf } from '../../platform/geo';
import { keptAnswers } from '../../platform/kept';
import { CACHE_CONTROL, etagMatches } from '../../platform/route';
import { API_HEADERS } from '../../platform/security-headers';
import { acceptedEncoding } from '../../platform/web';
import { encodedStatus, type StatusAnswer, statusAnswer } from './service';

/**
 * The status answer of one visitor (made once and kept, statusAnswer) and its bytes as their
 * browser accepts them: what both ways in send — the call's route and its early answer.
 */
export function statusOf(
  brand: BrandSnapshot,
  visitor: Visitor,
  language: string | undefined,
  trustedHeader: string,
): { answer: StatusAnswer; body: Buffer; encoding: 'br' | 'gzip' | null } {
  const ip = clientIp(visitor, trustedHeader);
  const answer = statusAnswer(brand, { ip, country: countryOf(ip) }, Date.now(), language);
  const encoding = acceptedEncoding(visitor.headers['accept-encoding']);
  const body = encoding ? encodedStatus(answer, encoding) : answer.body;
  return { answer, body, encoding: body === answer.body ? null : encoding };
}

const API_HEADER_LIST = Object.entries(API_HEADERS).flat();
const REVALIDATE = CACHE_CONTROL.revalidate;
const LANGUAGES = new Set<string>(LOCALES);

/**
 * A query value read as it stands: letters, digits and what a host name or a language code is
 * made of, nothing encoded (no `%`, no `+`) and no longer than the contract allows.
 */
const PLAIN_VALUE = /^[A-Za-z0-9._:[\]-]{0,255}$/;

/**
 * The query of a plain status request (`?host=…&language=…`, each once, as the site sends it),
 * or null for anything else — the route then parses, validates and refuses as the contract says.
 */
type PlainQuery = { readonly host?: string; readonly language?: string };
const NO_QUERY: PlainQuery = Object.freeze({});

function plainQuery(search: string): PlainQuery | null {
  if (search === '' || search === '?') return NO_QUERY;
  const query: { host?: string; language?: string } = {};
  for (const pair of search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    const value = pair.slice(eq + 1);
    if (eq < 0 || !PLAIN_VALUE.test(value)) return null;
    const key = pair.slice(0, eq);
    if (key === 'host' && query.host === undefined) query.host = value;
    else if (key === 'language' && query.language === undefined && LANGUAGES.has(value)) query.language = value;
    else return null;
  }
  return query;
}

/**
 * The status call answered before Fastify makes a request of it (decision 0044): the first call
 * of every page view, a read of the brand in memory, sent with the headers the route sends. It
 * takes a plain GET whose brand is in memory and leaves every other request to the route: a
 * query to decode or refuse, a body, a brand still loading. The route's hooks have nothing to do
 * on such a request: the call is open during maintenance and restriction, not rate-limited and
 * quiet, its security headers are the API's constant set, its bytes made once and kept.
 */
export function statusEarlyAnswer(db: Database, trustedHeader: string): EarlyAnswer {
  const brands = brandStore(db);
  // A browser sends the same Host on every call: its normal form is kept, not made each time.
  const hostOf = keptAnswers(normaliseHost, 1_000, 300);
  // The headers of each kept answer's bytes (plain, brotli, gzip), made with them and gone with them.
  const headersOf = new WeakMap<Buffer, string[]>();
  return (req, res, search) => {
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    const query = plainQuery(search);
    if (query === null) return false;
    const brand = brands.forHost(hostOf(query.host || (req.headers.host ?? '')));
    if (brand instanceof Promise) {
      // Loading: the route answers this one, and the brand is in memory for the next.
      brand.catch(() => {});
      return false;
    }
    const { answer, body, encoding } = statusOf(brand, req, query.language, trustedHeader);
    // As the route's revalidation does: a 304 carries only what it must (platform/route.ts).
    if (etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, ['cache-control', REVALIDATE, 'etag', answer.etag, 'vary', 'accept-encoding']);
      res.end();
      return true;
    }
    let headers = headersOf.get(body);
    if (headers === undefined) {
      headers = [
        ...API_HEADER_LIST,
        'cache-control',
        REVALIDATE,
        'etag',
        answer.etag,
        'content-type',
        'application/json; charset=utf-8',
        'vary',
        'accept-encoding',
      ];
      if (encoding) headers.push('content-encoding', encoding);
      headers.push('content-length', String(body.length));
      headersOf.set(body, headers);
    }
    res.writeHead(200, headers);
    res.end(body);
    return true;
  };
}
