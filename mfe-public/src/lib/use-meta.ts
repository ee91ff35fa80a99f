// Each page names itself: the document title and the meta description search engines show.
import { useEffect } from 'react';
import { PRODUCT_NAME, usePrerenderHead } from '@giftlane/shared-sdk';

export function useMeta(title: string, description: string) {
  // On the edge: the prerendered page's <title> and description.
  usePrerenderHead(`${title} — ${PRODUCT_NAME}`, description);
  useEffect(() => {
    document.title = `${title} — ${PRODUCT_NAME}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
