import { useEffect } from 'react';

/** Sets a `<meta name>` while the page is shown, and puts back what was there (or nothing). */
function useMeta(name: string, content: string) {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
    const previous = meta?.content ?? null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = name;
      document.head.appendChild(meta);
    }
    meta.content = content;
    return () => {
      if (!meta) return;
      if (previous === null) meta.remove();
      else meta.content = previous;
    };
  }, [name, content]);
}

/**
 * A shared page is for the people it was sent to: search engines are asked not to index it, and
 * no request made from it (pictures, links out) tells another site its address, which holds the
 * token. The server says the same in its headers; these cover the page as the browser keeps it.
 */
export function usePublicPageMeta(title: string) {
  useMeta('robots', 'noindex, nofollow');
  useMeta('referrer', 'no-referrer');
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
