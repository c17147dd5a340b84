/**
 * Letters that removing accents leaves alone but that readers take for another spelling of the
 * same word (`Straße` and `Strasse`, `cœur` and `coeur`, `Æsir` and `Aesir`). PostgreSQL's
 * `unaccent` dictionary maps them so; SQLite's FTS5 tokenizer does not, so the server writes its
 * index through the same table (migration 0015) and folds every search term with it, on both
 * engines. Changing this table needs a migration that re-indexes the text.
 */
export const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  œ: 'oe',
  Œ: 'oe',
  æ: 'ae',
  Æ: 'ae',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ĳ: 'ij',
  Ĳ: 'ij',
  ﬁ: 'fi',
  ﬂ: 'fl',
};

const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');

/** `Straße` → `Strasse`: the letters of LETTER_FOLDS spelled out; the rest is unchanged. */
export function foldLetters(text: string): string {
  return text.replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/**
 * A text as searches compare it: letters folded, accents removed, lower case (`Œuvre à Straße`
 * → `oeuvre a strasse`). May be longer than the text.
 */
export function searchFold(text: string): string {
  return foldLetters(text.normalize('NFD').replace(/\p{M}/gu, '')).toLowerCase();
}
