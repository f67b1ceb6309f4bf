import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('removes scripts, styles, frames, objects, embeds and forms', () => {
    const out = sanitizeHtml(
      '<p>ok</p><script>x()</script><style>p{}</style><iframe src="//e"></iframe><object data="x"></object><embed src="x"><form><button>b</button></form>',
    );
    expect(out).toContain('<p>ok</p>');
    expect(out).not.toMatch(/<(script|style|iframe|object|embed|form)\b/i);
  });

  it('removes every event-handler attribute and javascript: links', () => {
    const out = sanitizeHtml(
      '<img src="x" onerror="steal()"><div onclick="x()" onmouseover="y()">t</div><a href="javascript:alert(1)">j</a>',
    );
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toContain('javascript:');
  });

  it('opens links to other sites in a new tab with rel noopener', () => {
    const out = sanitizeHtml('<a href="https://example.com">e</a><a href="/promotions">p</a>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const [ext, own] = Array.from(doc.querySelectorAll('a'));
    expect(ext?.getAttribute('target')).toBe('_blank');
    expect(ext?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(own?.hasAttribute('target')).toBe(false);
  });
});
