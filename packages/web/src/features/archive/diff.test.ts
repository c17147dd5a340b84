import type { RevisionData } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { condense, htmlToText, wordDiff } from '@/shared/content/textDiff';
import { revisionDiff } from './diff';
import { testItem } from './testItem';

const current = testItem({
  title: 'La maison de Lyon',
  content: '<p>Nous avons visité la <strong>maison</strong>.</p><p>Il pleuvait.</p>',
  from: [{ id: 1, name: 'Marie' }],
  to: [
    { id: 2, name: 'Paul' },
    { id: 3, name: 'Anne' },
  ],
  revisions_count: 1,
});

const old: RevisionData = {
  title: 'La maison',
  content: '<p>Nous avons vu la maison.</p><p>Il pleuvait.</p>',
  from: [1],
  to: [3, 2],
  tags: [],
  categories: [],
  date: '1954-06-12T00:00:00.000Z',
  language: 'fr',
  status: 'draft',
  fields: {},
  place: null,
};

describe('htmlToText', () => {
  it('keeps the words and one line per block', () => {
    expect(htmlToText(current.content)).toBe('Nous avons visité la maison.\nIl pleuvait.');
    expect(htmlToText('')).toBe('');
  });
});

describe('revisionDiff', () => {
  it('counts the words added and removed in title and text, lists other changed fields', () => {
    const diff = revisionDiff(old, current);
    expect(diff.wordsAdded).toBe(3);
    expect(diff.wordsRemoved).toBe(1);
    const [title, content] = diff.texts;
    expect(title).toEqual({
      name: 'title',
      parts: [{ text: 'La maison ' }, { text: 'de Lyon', added: true }],
    });
    expect(content?.name).toBe('content');
    expect(content?.parts.filter((p) => p.removed).map((p) => p.text)).toEqual(['vu']);
    expect(content?.parts.filter((p) => p.added).map((p) => p.text)).toEqual(['visité']);
    // Recipients in another order are the same recipients.
    expect(diff.fields).toEqual(['status']);
    expect(diff.same).toBe(false);
  });

  it('says when a version equals the current one', () => {
    const same = revisionDiff(
      { ...old, title: current.title, content: current.content, status: 'published', to: [2, 3] },
      current,
    );
    expect(same.same).toBe(true);
    expect(same.wordsAdded + same.wordsRemoved).toBe(0);
  });

  it('names a changed own field of the type', () => {
    const diff = revisionDiff(
      { ...old, fields: { mood: 'joyful', recurring: true } },
      { ...current, type: 'dream', fields: { mood: 'sad', recurring: true } },
    );
    expect(diff.fields).toEqual(['status', 'fields.mood']);
  });
});

describe('condense', () => {
  it('shortens long unchanged runs around the changes', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const parts = condense(wordDiff(`${long} old ${long}`, `${long} new ${long}`), 2);
    expect(parts[0]).toEqual({ text: '… w38 w39 ' });
    expect(parts.at(-1)).toEqual({ text: ' w0 w1 …' });
    expect(parts.some((p) => p.added && p.text === 'new')).toBe(true);
  });
});
