/**
 * What stored operator content may hold (decision 0025): the one rule the server applies when it
 * stores and serves content and the web app applies when it renders it, so the two cannot drift.
 *
 * - A stored URL (banner images and links, promotion images, brand resources, customer-service
 *   links) is an http(s) address or a path of this site (`/promotions`, never `//host`, which a
 *   browser reads as another site). `javascript:`, `data:` and every other scheme are refused.
 * - Stored HTML (notices, promotions, help sections) is sanitised with DOMPurify under
 *   RICH_TEXT_POLICY: an allow-list of text, list, table and image markup, with no scripts,
 *   styles, frames, forms, event handlers, ids or classes; its links and images follow the URL
 *   rule (plus `mailto:`, `tel:` and `#anchor` links).
 *
 * Plain data and functions: the contract does not depend on DOMPurify, each side passes this
 * to its own instance.
 */

/** The longest stored URL accepted. */
export const MAX_CONTENT_URL_LENGTH = 2048;

/**
 * Whether `url` may be stored and shown: an http(s) address without credentials, or a path of
 * this site. Whitespace, control characters and backslashes are refused anywhere, since browsers
 * strip or reinterpret them (`/\host` is another site, `java\tscript:` is `javascript:`).
 */
export function isSafeContentUrl(url: string): boolean {
  if (url.length === 0 || url.length > MAX_CONTENT_URL_LENGTH) return false;
  for (const ch of url) {
    const c = ch.charCodeAt(0);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f) || ch === '\\') return false;
  }
  if (url.startsWith('/')) return !url.startsWith('//');
  if (!/^https?:\/\/[^/?#]/i.test(url)) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** The URL attributes of stored HTML that RICH_TEXT_POLICY allows. */
const URL_ATTRIBUTES = new Set(['href', 'src']);

/**
 * Whether an attribute of stored HTML may stay, beyond DOMPurify's own checks: no event
 * handler whatever the allow-list says, and URL attributes only with a safe URL — an anchor,
 * a mail or phone link, or a stored-content URL (`data:` images too are refused).
 */
export function isSafeRichTextAttribute(name: string, value: string): boolean {
  const attr = name.toLowerCase();
  if (attr.startsWith('on')) return false;
  if (!URL_ATTRIBUTES.has(attr)) return true;
  const url = value.trim();
  if (attr === 'href' && (/^(mailto|tel):[^\s\\]+$/i.test(url) || /^#[\w-]*$/.test(url))) return true;
  return isSafeContentUrl(url);
}

/**
 * The DOMPurify configuration of stored HTML: exactly these tags and attributes. Passed as is to
 * `DOMPurify.sanitize(html, { ...RICH_TEXT_POLICY })` on the server and in the browser, each with
 * an `uponSanitizeAttribute` hook applying isSafeRichTextAttribute.
 */
export const RICH_TEXT_POLICY = {
  ALLOWED_TAGS: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'caption',
    'code',
    'dd',
    'del',
    'details',
    'div',
    'dl',
    'dt',
    'em',
    'figcaption',
    'figure',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'ins',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'summary',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: [
    'href',
    'src',
    'alt',
    'title',
    'width',
    'height',
    'colspan',
    'rowspan',
    'dir',
    'lang',
    'open',
    'start',
  ],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
} as const;
