import { snippetParts } from './snippet';

/** A search hit's snippet: text with the matches highlighted, nothing else rendered as HTML. */
export function Snippet({ snippet, lang }: { snippet: string; lang?: string }) {
  return (
    <p className="kf-text-sm kf-snippet" lang={lang} dir={lang === 'ar' ? 'rtl' : undefined}>
      {snippetParts(snippet).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : part.text,
      )}
    </p>
  );
}
