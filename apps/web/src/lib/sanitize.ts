import { isSafeRichTextAttribute, RICH_TEXT_POLICY } from '@khela/contract/rich-text';
import DOMPurify from 'dompurify';

/**
 * Operator HTML (notices, promotions, help sections) is sanitised before it is shown, under the
 * contract's RICH_TEXT_POLICY — the very allow-list the server stores and serves it with
 * (decision 0025). Import this module only lazily (see `useSanitizedHtml`), so DOMPurify stays
 * out of the main bundle.
 */

let hooked = false;

function addHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (!isSafeRichTextAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    const href = node.getAttribute('href') ?? '';
    // Links to other sites open in a new tab that cannot reach back into this one.
    if (/^https?:\/\//i.test(href) && !href.startsWith(`${location.origin}/`)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Safe HTML for `dangerouslySetInnerHTML`: no scripts, styles, frames, forms or event handlers. */
export function sanitizeHtml(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, {
    ...RICH_TEXT_POLICY,
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.ALLOWED_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_POLICY.ALLOWED_ATTR],
  }) as unknown as string;
}
