import { titleAttrs } from './direction';

const SLOT = '\u0000';

/**
 * An interface sentence with an item's title in it ("History of “…”"): the title sits in a
 * <bdi> with the item's language and direction, so an Arabic title reads right-to-left without
 * reordering the sentence around it (and the text itself is unchanged).
 */
export function TitleInSentence({
  sentence,
  title,
  fallback,
  language,
}: {
  /** The translated sentence, given the title to place. */
  sentence: (title: string) => string;
  title: string;
  /** Shown (in the interface's language) when the item has no title. */
  fallback: string;
  language: string;
}) {
  const [before = '', after = ''] = sentence(SLOT).split(SLOT);
  return (
    <>
      {before}
      <bdi {...titleAttrs(title, language)}>{title || fallback}</bdi>
      {after}
    </>
  );
}
