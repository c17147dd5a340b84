import { describe, expect, it } from 'vitest';
import { completeFields, itemCreateBodyOf, itemUpdateBodyOf } from './schemas/items.js';

describe("an item type's own fields", () => {
  it('are checked by the type: values of the enum, flags, nothing unknown', () => {
    const dream = itemCreateBodyOf('dream');
    const ok = dream.parse({ language: 'fr', fields: { mood: 'strange', recurring: true } });
    expect(ok.fields).toEqual({ mood: 'strange', recurring: true });
    expect(dream.safeParse({ language: 'fr', fields: { mood: 'bored' } }).success).toBe(false);
    expect(dream.safeParse({ language: 'fr', fields: { recurring: 'yes' } }).success).toBe(false);
    expect(dream.safeParse({ language: 'fr', fields: { colour: 'red' } }).success).toBe(false);
    expect(itemUpdateBodyOf('dream').parse({ fields: { mood: null } }).fields).toEqual({
      mood: null,
    });
    // A type without fields of its own takes none.
    expect(
      itemCreateBodyOf('post').safeParse({ language: 'fr', fields: { mood: 'sad' } }).success,
    ).toBe(false);
  });

  it('are read back complete, anything stale or malformed as the empty value', () => {
    expect(completeFields('dream', { mood: 'sad', extra: 1 })).toEqual({
      mood: 'sad',
      recurring: false,
    });
    expect(completeFields('dream', { mood: 'bored', recurring: 'no' })).toEqual({
      mood: null,
      recurring: false,
    });
    expect(completeFields('post', { mood: 'sad' })).toEqual({});
  });
});
