import type { SearchGroup } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { moveActive, quickSearchSections } from './quickSearch';

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
