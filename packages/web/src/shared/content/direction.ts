/**
 * Direction of item text. Arabic is right-to-left; any other title is left to the browser
 * (`auto`: its first strong letter), so an Arabic title on an item filed in another language
 * still reads right-to-left.
 */
export function textDir(language: string): 'rtl' | 'auto' {
  return language === 'ar' ? 'rtl' : 'auto';
}

/**
 * Attributes of an element showing an item's title. Without a title the "(untitled)" fallback is
 * interface text: it keeps the page's language and direction.
 */
export function titleAttrs(title: string, language: string) {
  return title ? { lang: language, dir: textDir(language) } : {};
}
