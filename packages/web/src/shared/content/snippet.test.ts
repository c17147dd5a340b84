import { describe, expect, it } from 'vitest';
import { decodeEntities, snippetParts } from './snippet';

describe('snippetParts', () => {
  it('splits on mark tags and decodes the escaped text', () => {
    expect(snippetParts('… la <mark>école</mark> de l&#39;été &amp; <mark>Ecole</mark>')).toEqual([
      { text: '… la ', marked: false },
      { text: 'école', marked: true },
      { text: " de l'été & ", marked: false },
      { text: 'Ecole', marked: true },
    ]);
  });

  it('keeps any other markup as text, never as HTML', () => {
    expect(snippetParts('<b>x</b> &lt;script&gt;alert(1)&lt;/script&gt; <MARK>y</MARK>')).toEqual([
      { text: '<b>x</b> <script>alert(1)</script> ', marked: false },
      { text: 'y', marked: true },
    ]);
  });

  it('handles an unclosed mark and an empty snippet', () => {
    expect(snippetParts('a <mark>b')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b', marked: true },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric entities, leaves unknown ones', () => {
    expect(decodeEntities('&quot;&#x41;&#66;&nbsp;&unknown;&#0;')).toBe('"AB\u00a0&unknown;&#0;');
  });
});
