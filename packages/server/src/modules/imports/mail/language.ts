import type { ContentLanguage } from '@kinfolio/contract';
import { franc } from 'franc-min';

/** The archive's content languages as franc names them (ISO 639-3). */
const BY_CODE: Record<string, ContentLanguage> = {
  fra: 'fr',
  eng: 'en',
  ita: 'it',
  deu: 'de',
  arb: 'ar',
};
const ONLY = Object.keys(BY_CODE);

/**
 * Characters of a text looked at: a letter's first lines tell its language, and a longer sample
 * costs every mail of a 100,000-mail import more time than it adds certainty.
 */
const SAMPLE = 1_000;
/** Fewer letters than this: too short to tell ("Ok", "Merci !"). */
const MIN_LETTERS = 8;

/**
 * The language of a text among the archive's, or undefined when it cannot tell. Quoted lines
 * (`> …`, a reply's copy of the mail it answers) are left out: they are the other writer's.
 */
export function detectLanguage(text: string): ContentLanguage | undefined {
  const own = text
    .slice(0, SAMPLE * 4)
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n')
    .slice(0, SAMPLE);
  if ((own.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return undefined;
  return BY_CODE[franc(own, { only: ONLY, minLength: MIN_LETTERS })];
}
