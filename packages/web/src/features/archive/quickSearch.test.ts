import type { SearchGroup } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { moveActive, namesMatch, organisationSections, quickSearchSections } from './quickSearch';

const version = (id: number, language: string, matched: boolean) => ({
  id,
  language,
  title: `t${id}`,
  preview: `p${id}`,
  matched,
  ...(matched ? { snippet: `<mark>s${id}</mark>` } : {}),
});

describe('quickSearchSections', () => {
  it('groups by type in archive order, matched versions first in each family', () => {
    const groups: SearchGroup[] = [
      { type: 'mail', original_id: 9, date: '', versions: [version(9, 'fr', true)] },
      {
        type: 'post',
        original_id: 1,
        date: '',
        versions: [version(1, 'fr', false), version(2, 'en', true)],
      },
      { type: 'post', original_id: 5, date: '', versions: [version(5, 'it', true)] },
    ];
    const sections = quickSearchSections(groups);
    expect(sections.map((s) => s.type)).toEqual(['post', 'mail']);
    expect(sections[0]?.options.map((o) => [o.id, o.familyStart, o.matched])).toEqual([
      [2, true, true],
      [1, false, false],
      [5, true, true],
    ]);
    expect(sections[0]?.options[0]?.snippet).toBe('<mark>s2</mark>');
    expect(sections[0]?.options[1]).not.toHaveProperty('snippet');
  });
});

describe('quickSearchSections with records', () => {
  it('puts audio records in a section of their own, after the items', () => {
    const groups: SearchGroup[] = [
      { type: 'record', original_id: 4, date: '', versions: [version(4, 'it', true)] },
      { type: 'media', original_id: 3, date: '', versions: [version(3, 'fr', true)] },
    ];
    const sections = quickSearchSections(groups);
    expect(sections.map((s) => s.type)).toEqual(['media', 'record']);
    expect(sections[1]?.options).toEqual([
      expect.objectContaining({ key: 'record-4', id: 4, type: 'record', familyStart: true }),
    ]);
  });
});

describe('moveActive', () => {
  it('wraps around and starts at either end', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('dates and organisation hits', () => {
  it('puts the family date on its first option only', () => {
    const sections = quickSearchSections([
      {
        type: 'post',
        original_id: 1,
        date: '1954-06-12T00:00:00.000Z',
        versions: [version(1, 'fr', true), version(2, 'en', false)],
      },
    ]);
    expect(sections[0]?.options.map((o) => o.date)).toEqual([
      '1954-06-12T00:00:00.000Z',
      undefined,
    ]);
  });

  it('matches names by word starts, accents, case and ß/ss, œ/oe alike', () => {
    expect(namesMatch('Großmutter Anna', 'grossm')).toBe(true);
    expect(namesMatch('Jean-Marc Lœuf', 'loeuf jean')).toBe(true);
    expect(namesMatch('Élise', 'eli')).toBe(true);
    expect(namesMatch('Bélise', 'eli')).toBe(false);
    expect(namesMatch('Anna', '  ')).toBe(false);
  });

  it('lists participants, tags and categories in the interface language, a few each', () => {
    const participants = Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      name: `Marie ${String.fromCharCode(72 - i)}`,
      count: 1,
    }));
    const sections = organisationSections(
      'mari',
      {
        participants,
        tags: [
          { id: 1, name: { fr: 'Mariage', en: 'Wedding', it: null, de: null }, count: 2 },
          { id: 2, name: { fr: 'Été', en: 'Summer', it: null, de: null }, count: 2 },
        ],
        categories: [
          {
            id: 3,
            name: { fr: 'Marine', en: 'Navy', it: null, de: null },
            parent_id: null,
            order: 0,
            count: 0,
          },
        ],
      },
      'en',
    );
    expect(sections.map((s) => s.type)).toEqual(['participant', 'tag', 'category']);
    expect(sections[0]!.options.map((o) => o.title)).toEqual([
      'Marie A',
      'Marie B',
      'Marie C',
      'Marie D',
      'Marie E',
    ]);
    expect(sections[1]!.options.map((o) => [o.id, o.title])).toEqual([[1, 'Wedding']]);
    expect(sections[2]!.options[0]).toMatchObject({ id: 3, type: 'category', title: 'Navy' });
  });
});
