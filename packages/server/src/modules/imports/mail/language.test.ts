import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.js';

describe('detectLanguage', () => {
  it.each([
    ['Liebe Grüße aus München! Wir waren heute im Englischen Garten.', 'de'],
    ['Grazie mille! Le foto sono bellissime, la chiesa è così luminosa.', 'it'],
    ['Merci pour cette belle journée, à bientôt', 'fr'],
    ['Thanks for the pictures, see you soon', 'en'],
    ['مرحبا بكم في العائلة، نراكم قريبا', 'ar'],
  ])('tells the language of a short letter: %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('reads the writer’s own lines, not the quoted mail it answers', () => {
    const reply = [
      'Grazie mille, le foto sono bellissime!',
      '',
      '> Bonjour à tous, voici les photos du mariage de Béatrice, prises à',
      "> l'église de Saint-Martin. Je vous embrasse, toute la famille vous salue.",
    ].join('\n');
    expect(detectLanguage(reply)).toBe('it');
  });

  it('does not guess from a word or two', () => {
    expect(detectLanguage('Ok')).toBeUndefined();
    expect(detectLanguage('12:30 !!')).toBeUndefined();
  });
});
