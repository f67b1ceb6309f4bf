import { isSafeContentUrl, isSafeRichTextAttribute, RICH_TEXT_POLICY } from '@khela/contract';
import type { DOMPurify } from 'dompurify';
import { AppError } from './errors';

/**
 * The gate of operator content (decision 0025): what the server stores and serves of notices,
 * promotions, help sections, banners, brand resources, customer-service links and catalogue
 * icons. URLs follow the contract's isSafeContentUrl (http(s) and site paths only), HTML its
 * RICH_TEXT_POLICY — the same rules the web app renders with. Saving refuses a bad URL and stores
 * sanitised HTML; reading drops a bad URL and sanitises again, so rows written before the gate,
 * or by hand in SQL, are served clean too.
 */

let purifier: Promise<DOMPurify> | null = null;

/**
 * DOMPurify over a jsdom window, loaded on first use: importing jsdom takes about a second,
 * which a server that never serves stored HTML (or a test that does not) should not pay.
 */
function purify(): Promise<DOMPurify> {
  purifier ??= Promise.all([import('dompurify'), import('jsdom')]).then(([{ default: createDOMPurify }, { JSDOM }]) => {
    const p = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    p.addHook('uponSanitizeAttribute', (_node, data) => {
      if (!isSafeRichTextAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
    });
    return p;
  });
  return purifier;
}

/**
 * Loads the sanitiser ahead of the first notice a visitor asks for (the home page shows notices):
 * called by the server after it starts listening, not by every app a test builds.
 */
export function warmUpStoredContent(): Promise<void> {
  return purify().then(() => undefined);
}

// Stored HTML is read far more often than written, and the same few texts come back on every
// page view: each distinct text is sanitised once.
const sanitised = new Map<string, string>();
const MAX_SANITISED = 2_000;

/** Stored HTML as it may be shown: sanitised under the contract's RICH_TEXT_POLICY. */
export async function safeHtml(html: string): Promise<string> {
  const known = sanitised.get(html);
  if (known !== undefined) return known;
  const clean = (await purify()).sanitize(html, {
    ...RICH_TEXT_POLICY,
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.ALLOWED_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_POLICY.ALLOWED_ATTR],
  });
  if (sanitised.size >= MAX_SANITISED) sanitised.clear();
  sanitised.set(html, clean);
  return clean;
}

/** Every language's text of a stored HTML field, sanitised. */
export async function safeHtmlTexts(texts: Record<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [lang, html] of Object.entries(texts)) out[lang] = await safeHtml(html);
  return out;
}

/** On read: the stored URL when it is safe, else null (the caller leaves out what needs it). */
export function safeUrl(url: string | null | undefined): string | null {
  return url != null && isSafeContentUrl(url) ? url : null;
}

/** On save: the URL, or VALIDATION_FAILED naming `field` when it is not http(s) or a site path. */
export function urlToStore(field: string, url: string): string {
  const trimmed = url.trim();
  if (!isSafeContentUrl(trimmed)) throw new AppError('VALIDATION_FAILED', { [field]: 'validation.invalid' });
  return trimmed;
}

/** On save: an optional URL (null or empty stays null). */
export function optionalUrlToStore(field: string, url: string | null | undefined): string | null {
  return url == null || url.trim() === '' ? null : urlToStore(field, url);
}
