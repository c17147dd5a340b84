import { describe, expect, it } from 'vitest';
import { correlationCells } from './correlation';

describe('correlationCells', () => {
  it('puts each entry under its language', () => {
    const translations = JSON.stringify([
      { id: 1, language: 'fr', content: 'Nous avons visité' },
      { id: 2, language: 'ar', content: 'زرنا البيت' },
    ]);
    expect(correlationCells({ translations })).toEqual({
      fr: { id: 1, language: 'fr', content: 'Nous avons visité' },
      ar: { id: 2, language: 'ar', content: 'زرنا البيت' },
    });
  });

  it('skips malformed text, entries and unknown languages', () => {
    expect(correlationCells({ translations: 'not json' })).toEqual({});
    expect(correlationCells({ translations: '{"id":1}' })).toEqual({});
    expect(
      correlationCells({
        translations: JSON.stringify([
          { id: 'x', language: 'fr', content: '' },
          { id: 3, language: 'es', content: 'hola' },
          { id: 4, language: 'en', content: 'hello' },
        ]),
      }),
    ).toEqual({ en: { id: 4, language: 'en', content: 'hello' } });
  });
});
