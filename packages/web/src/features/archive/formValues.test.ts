import { describe, expect, it } from 'vitest';
import { testItem } from './testItem';
import { createBody, initialFormValues, isBlankItem, updateBody } from './formValues';

const item = testItem({
  id: 4,
  type: 'mail',
  title: 'Lettre',
  content: '<p>Bonjour</p>',
  from: [{ id: 1, name: 'Marie' }],
  to: [{ id: 2, name: 'Paul' }],
  date: '1961-07-02T10:30:00.000Z',
  tags: [{ id: 5, name: { fr: 'Voyage', en: null, it: null, de: null } }],
});

describe('item form values', () => {
  it('starts from the item, or from the original for a translation', () => {
    expect(initialFormValues(item, { language: 'en' })).toMatchObject({
      from: ['1'],
      to: ['2'],
      tags: ['5'],
      date: '1961-07-02',
      language: 'fr',
    });
    const translation = initialFormValues(null, { language: 'it', copyFrom: item });
    expect(translation).toMatchObject({ title: '', content: '', from: ['1'], language: 'it' });
  });

  it('creates with numeric ids, the parent, and no empty date', () => {
    const values = { ...initialFormValues(null, { language: 'fr' }), title: 'Nouveau' };
    expect(createBody(values, null)).toEqual({
      title: 'Nouveau',
      content: '',
      from: [],
      to: [],
      tags: [],
      categories: [],
      language: 'fr',
      status: 'published',
    });
    expect(createBody({ ...values, date: '2001-02-03', to: ['7'] }, 4)).toMatchObject({
      to: [7],
      date: '2001-02-03',
      parent_id: 4,
    });
  });

  it('patches only what changed', () => {
    const initial = initialFormValues(item, { language: 'fr' });
    expect(updateBody(initial, initial)).toEqual({});
    expect(
      updateBody({ ...initial, to: ['2'], from: ['1', '3'], status: 'draft' }, initial),
    ).toEqual({ from: [1, 3], status: 'draft' });
    expect(updateBody({ ...initial, date: '1961-07-03' }, initial)).toEqual({ date: '1961-07-03' });
  });
});

describe("a type's own fields in the form", () => {
  it('start empty or from the item, and only changed ones are sent', () => {
    const fresh = initialFormValues(null, { language: 'fr', type: 'dream' });
    expect(fresh.fields).toEqual({ mood: null, recurring: false });
    expect(createBody({ ...fresh, title: 'Rêve' }, null).fields).toEqual({
      mood: null,
      recurring: false,
    });
    const dream = { ...item, type: 'dream' as const, fields: { mood: 'sad', recurring: true } };
    const initial = initialFormValues(dream, { language: 'fr' });
    expect(initial.fields).toEqual({ mood: 'sad', recurring: true });
    expect(updateBody({ ...initial, fields: { mood: 'sad', recurring: false } }, initial)).toEqual({
      fields: { recurring: false },
    });
    expect(
      createBody(initialFormValues(null, { language: 'fr', type: 'post' }), null),
    ).not.toHaveProperty('fields');
  });
});

describe('the place in the form', () => {
  const place = { name: 'Aoste', latitude: 45.7372, longitude: 7.3206 };
  const item = testItem({ place: { ...place, country: { code: 'IT', name: 'Italie' } } });

  it('starts from the item without its derived country, a translation at its original', () => {
    expect(initialFormValues(item, { language: 'fr' }).place).toEqual(place);
    expect(initialFormValues(null, { language: 'it', copyFrom: item }).place).toEqual(place);
    expect(initialFormValues(null, { language: 'fr' }).place).toBeNull();
  });

  it('is sent on create when set, and on update only when moved, renamed or cleared', () => {
    const initial = initialFormValues(item, { language: 'fr' });
    expect(createBody(initial, null).place).toEqual(place);
    expect(createBody({ ...initial, place: null }, null)).not.toHaveProperty('place');
    expect(updateBody({ ...initial, place: { ...place } }, initial)).toEqual({});
    const moved = { ...place, latitude: 45.74 };
    expect(updateBody({ ...initial, place: moved }, initial)).toEqual({ place: moved });
    expect(updateBody({ ...initial, place: null }, initial)).toEqual({ place: null });
  });
});

describe('isBlankItem', () => {
  it('is blank with no title and content without text or a picture', () => {
    expect(isBlankItem('', '')).toBe(true);
    expect(isBlankItem('  ', '<p> </p><p><br></p>')).toBe(true);
    expect(isBlankItem('Lettre', '')).toBe(false);
    expect(isBlankItem('', '<p>Chère maman</p>')).toBe(false);
    expect(isBlankItem('', '<p><img src="data:image/png;base64,AAAA" alt=""></p>')).toBe(false);
  });
});
