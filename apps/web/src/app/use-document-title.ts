import { useEffect } from 'react';

/** 'Page · Brand' in the browser tab. */
export function useDocumentTitle(title: string, brandName: string | undefined) {
  useEffect(() => {
    document.title = brandName ? `${title} · ${brandName}` : title;
  }, [title, brandName]);
}
