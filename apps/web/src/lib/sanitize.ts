import DOMPurify from 'dompurify';

/**
 * Operator HTML (notices, help sections) is sanitised before it is shown. Import this module
 * only lazily (see `useSanitizedHtml`), so DOMPurify stays out of the main bundle.
 */
const FORBID_TAGS = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'base', 'link', 'meta'];

let hooked = false;

function addHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    // DOMPurify already drops on* handlers; this keeps that true whatever the allow-list says.
    if (data.attrName.toLowerCase().startsWith('on')) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    const href = node.getAttribute('href') ?? '';
    // Links to other sites open in a new tab that cannot reach back into this one.
    const external = /^(https?:)?\/\//i.test(href) && !href.startsWith(`${location.origin}/`);
    if (external) node.setAttribute('target', '_blank');
    if (external || node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

/** Safe HTML for `dangerouslySetInnerHTML`: no scripts, styles, frames, forms or event handlers. */
export function sanitizeHtml(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
    ALLOW_DATA_ATTR: false,
    USE_PROFILES: { html: true },
  }) as unknown as string;
}
