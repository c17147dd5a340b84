import type { RecordEntity } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { createRecordBody, initialRecordValues, updateRecordBody } from './formValues';

const record: RecordEntity = {
  id: 3,
  number: 'K7-12',
  face: 'A',
  lang: 'fr',
  owner: 'Tante Mathilde',
  registration_date: '1987-07-14T00:00:00.000Z',
  summary: 'La moisson de 1947.',
  rawtranscription: '[00:00:00] Alors Papa…',
  title: 'La moisson',
  info: '',
  location: 'Saint-Lô',
  place: null,
  people: [
    { id: 4, name: 'Papi Jean' },
    { id: 9, name: 'Mamie Odette' },
  ],
  revisions_count: 0,
  files_count: 0,
  files: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
};

describe('record form values', () => {
  it('start from the record, the date as a calendar day and people as ids', () => {
    expect(initialRecordValues(record, 'fr')).toMatchObject({
      registration_date: '1987-07-14',
      people: ['4', '9'],
      owner: 'Tante Mathilde',
    });
    expect(initialRecordValues(null, 'it')).toMatchObject({ lang: 'it', registration_date: '' });
  });

  it('create a record with every field, an empty date as unknown', () => {
    const values = { ...initialRecordValues(null, 'de'), title: 'Oktoberfest', people: ['2'] };
    expect(createRecordBody(values)).toEqual({
      title: 'Oktoberfest',
      number: '',
      face: '',
      owner: '',
      location: '',
      summary: '',
      info: '',
      rawtranscription: '',
      lang: 'de',
      registration_date: null,
      people: [2],
    });
  });

  it('send only what changed', () => {
    const initial = initialRecordValues(record, 'fr');
    expect(updateRecordBody({ ...initial, people: ['9', '4'] }, initial)).toEqual({});
    expect(
      updateRecordBody(
        { ...initial, rawtranscription: 'x', registration_date: '', people: ['4'] },
        initial,
      ),
    ).toEqual({ rawtranscription: 'x', registration_date: null, people: [4] });
  });
});
