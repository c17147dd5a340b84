import { describe, expect, it } from 'vitest';
import { textDir, titleAttrs } from './direction';

describe('direction of item titles', () => {
  it('is right-to-left for Arabic and found from the text otherwise', () => {
    expect(textDir('ar')).toBe('rtl');
    expect(textDir('fr')).toBe('auto');
    expect(titleAttrs('قطف العنب', 'ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    // The "(untitled)" fallback is interface text: no language or direction of the item.
    expect(titleAttrs('', 'ar')).toEqual({});
  });
});
