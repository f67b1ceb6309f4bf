import { useEffect } from 'react';

/**
 * 'Page · Brand' in the browser tab, and the page's own description for search engines and
 * link previews (`<meta name="description">`), both in the reader's language.
 */
export function useDocumentTitle(title: string, brandName: string | undefined, description?: string) {
  useEffect(() => {
    document.title = brandName ? `${title} · ${brandName}` : title;
  }, [title, brandName]);
  useEffect(() => {
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}
