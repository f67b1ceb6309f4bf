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

  it('keeps only http(s), site-path, mail and phone addresses: the rule the server applies too', () => {
    const out = sanitizeHtml(
      '<img src="data:image/svg+xml,&lt;svg/&gt;" alt="d"><a href="//evil.example">pr</a><a href="/\\evil.example">bs</a>' +
        '<a href="vbscript:x">vb</a><a href="mailto:help@khela.example">m</a><img src="/img/a.svg" alt="ok">',
    );
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect(Array.from(doc.querySelectorAll('[src]'), (e) => e.getAttribute('src'))).toEqual(['/img/a.svg']);
    expect(Array.from(doc.querySelectorAll('[href]'), (e) => e.getAttribute('href'))).toEqual([
      'mailto:help@khela.example',
    ]);
  });

  it('drops ids, classes and styles an operator could use to dress content up as the site', () => {
    const out = sanitizeHtml('<p id="login" class="btn primary" style="position:fixed">t</p>');
    expect(out).toBe('<p>t</p>');
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
