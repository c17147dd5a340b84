import { describe, expect, it } from 'vitest';
import { recordListRequest, validateRecordSearch, withRecordChange } from './recordSearch';

describe('validateRecordSearch', () => {
  it('keeps well-formed parameters, all filters together', () => {
    expect(
      validateRecordSearch({
        search: 'moisson',
        participant: '4',
        language: 'it',
        owner: ' Tante Mathilde ',
        page: '3',
        deleted: '1',
      }),
    ).toEqual({
      search: 'moisson',
      participant: 4,
      language: 'it',
      owner: 'Tante Mathilde',
      page: 3,
      deleted: 1,
    });
  });

  it('drops malformed values and page 1', () => {
    expect(
      validateRecordSearch({
        search: '  ',
        participant: '-2',
        language: 'xx',
        owner: 7,
        page: '1',
        deleted: 'no',
        other: 'x',
      }),
    ).toEqual({});
  });
});

describe('recordListRequest', () => {
  it('asks for 10 records a page with the API parameter names', () => {
    expect(
      recordListRequest({ search: 'agnolotti', language: 'it', owner: 'Zio', participant: 2 }),
    ).toEqual({
      page: 1,
      per_page: 10,
      query: 'agnolotti',
      lang: 'it',
      owner: 'Zio',
      participant: 2,
    });
  });

  it('leaves out a search too short to run and asks for the trash', () => {
    expect(recordListRequest({ search: 'ab', deleted: 1, page: 2 })).toEqual({
      page: 2,
      per_page: 10,
      trash: '1',
    });
  });
});

describe('withRecordChange', () => {
  it('goes back to page 1 when a filter changes and drops cleared values', () => {
    expect(
      withRecordChange({ page: 4, owner: 'Rosa', language: 'it' }, { owner: undefined }),
    ).toEqual({ language: 'it' });
    expect(withRecordChange({ owner: 'Rosa' }, { page: 2 })).toEqual({ owner: 'Rosa', page: 2 });
  });
});

describe('the recording dates and the order', () => {
  it('keeps real days and a known order in the address, and asks the API with its names', () => {
    const search = validateRecordSearch({ from: '1954-06-01', to: '1954-06-30', sort: 'oldest' });
    expect(search).toEqual({ from: '1954-06-01', to: '1954-06-30', sort: 'oldest' });
    expect(recordListRequest(search)).toEqual({
      page: 1,
      per_page: 10,
      date_from: '1954-06-01',
      date_to: '1954-06-30',
      sort: 'oldest',
    });
  });

  it('drops days that do not exist, half-typed days, the default order and unknown orders', () => {
    expect(validateRecordSearch({ from: '1954-02-30', to: '1954-6-1', sort: 'newest' })).toEqual(
      {},
    );
    expect(validateRecordSearch({ sort: 'loudest' })).toEqual({});
  });

  it('goes back to page 1 when the dates or the order change', () => {
    expect(withRecordChange({ page: 3, sort: 'title' }, { from: '2001-01-01' })).toEqual({
      sort: 'title',
      from: '2001-01-01',
    });
    expect(withRecordChange({ page: 3, sort: 'title' }, { sort: undefined })).toEqual({});
  });
});

describe('the order of a search', () => {
  it('is relevance unless told, and newest first is kept while searching', () => {
    expect(validateRecordSearch({ search: 'veillée', sort: 'relevance' })).toEqual({
      search: 'veillée',
    });
    expect(validateRecordSearch({ search: 'veillée', sort: 'newest' })).toEqual({
      search: 'veillée',
      sort: 'newest',
    });
    expect(validateRecordSearch({ sort: 'relevance' })).toEqual({});
    expect(recordListRequest({ search: 'veillée', sort: 'newest', participant: 2 })).toEqual({
      page: 1,
      per_page: 10,
      query: 'veillée',
      participant: 2,
      sort: 'newest',
    });
    expect(withRecordChange({ search: 'veillée', sort: 'newest' }, { search: '' })).toEqual({});
  });
});
