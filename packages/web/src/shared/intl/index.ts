/*
 * Intl's formatters and collators are costly to make (a locale's data is looked up and compiled
 * each time: about a millisecond for a date format, more on a phone) and cheap to use. A list page
 * formats a date per row and sorts its filters' options with a collator per comparison when made
 * inline (`a.localeCompare(b, language)`): made once per locale and options here instead.
 */

const collators = new Map<string, Intl.Collator>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** A formatter maker that makes each language and options' formatter once. */
function onceEach<Options, Format>(make: (language: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (language: string, options = {} as Options): Format =>
    cached(made, `${language}|${JSON.stringify(options)}`, () => make(language, options));
}

/** `new Intl.DateTimeFormat(language, options)`, made once per language and options. */
export const dateTimeFormat = onceEach(
  (language, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options),
);

/** `new Intl.NumberFormat(language, options)`, made once per language and options. */
export const numberFormat = onceEach(
  (language, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options),
);

/** Compares two strings in the language's order, as `a.localeCompare(b, language)` does. */
export function compareIn(language: string | undefined): (a: string, b: string) => number {
  return cached(collators, language ?? '', () => new Intl.Collator(language)).compare;
}
