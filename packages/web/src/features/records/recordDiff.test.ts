import type { RecordEntity, RecordRevisionData } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { recordDiff } from './recordDiff';

const current: RecordEntity = {
  id: 1,
  number: 'K7-1',
  face: 'A',
  lang: 'fr',
  owner: 'Tante Mathilde',
  registration_date: '1987-07-14T00:00:00.000Z',
  summary: 'La moisson.',
  rawtranscription: '[00:00:00] Alors Papa, raconte.\n[00:00:03] En 1947…',
  title: 'La moisson',
  info: '',
  location: 'Saint-Lô',
  place: null,
  people: [{ id: 4, name: 'Jean' }],
  revisions_count: 1,
  files_count: 0,
  files: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
};
const same: RecordRevisionData = {
  number: 'K7-1',
  face: 'A',
  lang: 'fr',
  owner: 'Tante Mathilde',
  registration_date: '1987-07-14',
  summary: 'La moisson.',
  rawtranscription: current.rawtranscription,
  title: 'La moisson',
  info: '',
  location: 'Saint-Lô',
  people: [4],
  place: null,
};

describe('recordDiff', () => {
  it('finds nothing between equal versions (a date written either way)', () => {
    expect(recordDiff(same, current)).toMatchObject({ same: true, fields: [], texts: [] });
  });

  it('diffs the transcript word by word and names the other fields changed', () => {
    const diff = recordDiff(
      { ...same, rawtranscription: '[00:00:00] Alors Papa.', owner: 'Rosa', people: [4, 9] },
      current,
    );
    expect(diff.same).toBe(false);
    expect(diff.fields).toEqual(['owner', 'people']);
    expect(diff.texts.map((text) => text.name)).toEqual(['rawtranscription']);
    expect(diff.wordsAdded).toBeGreaterThan(0);
    expect(diff.texts[0]?.parts.some((part) => part.added)).toBe(true);
  });

  it('names the index in a version kept by a change to the segments', () => {
    const segments = [
      {
        start: 0,
        end: null,
        title: '',
        synopsis: '',
        keywords: [],
        transcript: '',
        participants: [],
      },
    ];
    expect(recordDiff({ ...same, segments }, current)).toMatchObject({
      same: false,
      fields: ['segments'],
    });
  });
});
