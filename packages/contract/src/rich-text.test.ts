import { describe, expect, it } from 'vitest';
import { isSafeContentUrl, isSafeRichTextAttribute, MAX_CONTENT_URL_LENGTH } from './rich-text';

describe('isSafeContentUrl', () => {
  it('accepts http(s) addresses and paths of this site', () => {
    for (const ok of [
      'https://www.facebook.com/khela.demo',
      'http://example.com',
      'HTTPS://Example.com/a?b=c#d',
      '/promotions',
      '/img/banners/home-1.svg',
      '/',
    ])
      expect(isSafeContentUrl(ok), ok).toBe(true);
  });

  it('refuses other schemes, other sites written as paths, credentials and hidden characters', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>1</script>',
      'data:image/png;base64,AAAA',
      'vbscript:x',
      'file:///etc/passwd',
      'tg://resolve?domain=x',
      '//evil.example/x',
      '/\\evil.example/x',
      'https://user:pass@example.com/',
      'https://example.com/a b',
      'https:/example.com',
      'https://',
      'promotions',
      '',
      `/${'a'.repeat(MAX_CONTENT_URL_LENGTH)}`,
      'https://example.com/\u0000',
    ])
      expect(isSafeContentUrl(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('isSafeRichTextAttribute', () => {
  it('drops event handlers and unsafe link or image addresses, keeps the rest', () => {
    expect(isSafeRichTextAttribute('onerror', 'x()')).toBe(false);
    expect(isSafeRichTextAttribute('ONCLICK', 'x()')).toBe(false);
    expect(isSafeRichTextAttribute('href', 'javascript:alert(1)')).toBe(false);
    expect(isSafeRichTextAttribute('src', 'data:image/svg+xml,<svg/>')).toBe(false);
    expect(isSafeRichTextAttribute('href', '//evil.example')).toBe(false);
    expect(isSafeRichTextAttribute('href', 'https://example.com')).toBe(true);
    expect(isSafeRichTextAttribute('href', '/help')).toBe(true);
    expect(isSafeRichTextAttribute('href', 'mailto:help@khela.example')).toBe(true);
    expect(isSafeRichTextAttribute('href', 'tel:+8801711000000')).toBe(true);
    expect(isSafeRichTextAttribute('href', '#rules')).toBe(true);
    expect(isSafeRichTextAttribute('src', 'mailto:x@y')).toBe(false);
    expect(isSafeRichTextAttribute('alt', 'javascript: is just text here')).toBe(true);
  });
});
