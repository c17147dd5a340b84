import type { ContentLanguage } from '@kinfolio/contract';

/**
 * The most common short words of each of the archive's Latin-script languages: a text's
 * language is the one whose words it uses most. No detector library is installed, and the
 * archive knows only these five languages, so counting them is enough for a letter's body.
 */
const COMMON_WORDS: Record<Exclude<ContentLanguage, 'ar'>, string[]> = {
  fr: ['le', 'la', 'les', 'des', 'est', 'et', 'une', 'pour', 'que', 'qui', 'dans', 'pas', 'nous', 'vous', 'je', 'avec', 'sur', 'au', 'du', 'ce', 'mais', 'bien', 'très', 'suis'],
  en: ['the', 'and', 'is', 'are', 'of', 'to', 'you', 'that', 'for', 'with', 'this', 'have', 'we', 'it', 'was', 'not', 'be', 'on', 'at', 'will', 'my', 'your', 'our', 'all'],
  it: ['il', 'di', 'che', 'è', 'la', 'per', 'un', 'non', 'sono', 'con', 'una', 'gli', 'della', 'del', 'ci', 'ti', 'anche', 'come', 'ma', 'questo', 'molto', 'siamo', 'io', 'ho'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ich', 'sie', 'wir', 'ein', 'eine', 'mit', 'auf', 'für', 'den', 'dem', 'zu', 'es', 'auch', 'sind', 'wie', 'bei', 'uns', 'euch'],
}; // prettier-ignore

const LOOKUP = new Map<string, Exclude<ContentLanguage, 'ar'>[]>();
for (const [language, words] of Object.entries(COMMON_WORDS)) {
  for (const word of words) {
    LOOKUP.set(word, [...(LOOKUP.get(word) ?? []), language as Exclude<ContentLanguage, 'ar'>]);
  }
}

/** Fewer common words than this: too short to tell. */
const MIN_HITS = 4;
/** Characters of a text looked at (a letter's start tells its language). */
const SAMPLE = 5_000;

/** The language of a text among the archive's, or undefined when it cannot tell. */
export function detectLanguage(text: string): ContentLanguage | undefined {
  const sample = text.slice(0, SAMPLE);
  // One pass over the words (their letters counted as they go): the text of every mail.
  const words = sample.toLowerCase().match(/\p{L}+/gu);
  if (!words) return undefined;
  let letters = 0;
  const scores = new Map<string, number>();
  for (const word of words) {
    letters += word.length;
    for (const language of LOOKUP.get(word) ?? []) {
      scores.set(language, (scores.get(language) ?? 0) + 1);
    }
  }
  if (/\p{Script=Arabic}/u.test(sample)) {
    const arabic = sample.match(/\p{Script=Arabic}/gu)?.length ?? 0;
    if (arabic / letters > 0.5) return 'ar';
  }
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < MIN_HITS || (second && second[1] * 1.5 > best[1])) return undefined;
  return best[0] as ContentLanguage;
}
