import { useMemo, type MouseEvent } from 'react';
import { textDir } from '@/shared/content/direction';
import { isPlainClick, navigate } from './location';
import { safeHtml } from './safeHtml';

/**
 * An item's text as the app shows it. Links to other entries of the share (`/s/…`) open in the
 * page; the server already turned links to anything not shared into plain text.
 */
export function ItemText({ html, language }: { html: string; language: string }) {
  const clean = useMemo(() => safeHtml(html), [html]);
  if (!clean.trim()) return null;
  // Clicks on the text's own links (links for the keyboard too): no key handler is needed.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!href.startsWith('/s/')) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <div
      className="kf-public-text"
      lang={language}
      dir={textDir(language)}
      onClick={onClick}
      // Sanitised by the server, then again by safeHtml.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
