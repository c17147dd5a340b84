/*
 * Intl's formatters and collators are costly to make (a locale's data is looked up and compiled
 * each time: about a millisecond for a date format, more on a phone) and cheap to use. A list page
 * formats a date per row and sorts its filters' options with a collator per comparison when made
 * inline (`a.localeCompare(b, language)`): made once per locale and options here instead.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const collators = new Map<string, Intl.Collator>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** `new Intl.DateTimeFormat(language, options)`, made once per language and options. */
export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(
    dateFormats,
    `${language}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

/** `new Intl.NumberFormat(language, options)`, made once per language and options. */
export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached(
    numberFormats,
    `${language}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(language, options),
  );
}

/** Compares two strings in the language's order, as `a.localeCompare(b, language)` does. */
export function compareIn(language: string | undefined): (a: string, b: string) => number {
  return cached(collators, language ?? '', () => new Intl.Collator(language)).compare;
}
