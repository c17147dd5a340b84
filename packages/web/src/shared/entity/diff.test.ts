import { describe, expect, it } from 'vitest';
import { entityDiff, sameIds, sameTime, type DiffSpec } from './diff';

interface Letter {
  title: string;
  body: string;
  to: number[];
}

const SPEC: DiffSpec<Letter, Letter> = {
  texts: [
    { name: 'title', old: (o) => o.title, current: (c) => c.title },
    {
      name: 'body',
      old: (o) => o.body,
      current: (c) => c.body,
      words: (raw) => raw.replace(/<[^>]+>/g, ''),
      condense: true,
    },
  ],
  fields: [{ name: 'to', same: (o, c) => sameIds(o.to, c.to) }],
};

const letter: Letter = { title: 'Chère Anne', body: '<p>Il pleut.</p>', to: [2, 3] };

describe('entityDiff', () => {
  it('gives the texts whose words moved, in order, and the other fields changed', () => {
    const diff = entityDiff(SPEC, { ...letter, title: 'Anne', to: [2] }, letter);
    expect(diff.texts).toEqual([
      { name: 'title', parts: [{ text: 'Chère ', added: true }, { text: 'Anne' }] },
    ]);
    expect(diff.fields).toEqual(['to']);
    expect(diff).toMatchObject({ wordsAdded: 1, wordsRemoved: 0, same: false });
  });

  it('reads the words through the text’s reader, and condenses long ones', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const diff = entityDiff(
      SPEC,
      { ...letter, body: `<p>${long} old</p>` },
      {
        ...letter,
        body: `<p>${long} new</p>`,
      },
    );
    const body = diff.texts[0];
    expect(body?.name).toBe('body');
    expect(body?.parts[0]?.text.startsWith('…')).toBe(true);
    expect(diff.wordsAdded).toBe(1);
  });

  it('is not the same when only the markup changed, though no word moved', () => {
    const diff = entityDiff(SPEC, { ...letter, body: '<p><b>Il</b> pleut.</p>' }, letter);
    expect(diff.texts).toEqual([]);
    expect(diff.same).toBe(false);
  });

  it('is the same for equal versions, ids in another order included', () => {
    expect(entityDiff(SPEC, { ...letter, to: [3, 2] }, letter)).toMatchObject({
      texts: [],
      fields: [],
      same: true,
    });
  });
});

describe('sameTime', () => {
  it('takes a day and its midnight for the same instant', () => {
    expect(sameTime('1987-07-14', '1987-07-14T00:00:00.000Z')).toBe(true);
    expect(sameTime(null, null)).toBe(true);
    expect(sameTime('1987-07-14', null)).toBe(false);
  });
});
