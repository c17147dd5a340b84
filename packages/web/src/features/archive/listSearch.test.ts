import { buildPath, routeIndex } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { listRequest, validateArchiveSearch, withChange } from './listSearch';

describe('validateArchiveSearch', () => {
  it('keeps well-formed values and drops the rest', () => {
    expect(
      validateArchiveSearch({ page: '3', language: 'ar', deleted: '1', category: 'x', foo: 1 }),
    ).toEqual({ page: 3, language: 'ar', deleted: 1 });
    expect(validateArchiveSearch({ page: 0, language: 'es', tag: -2 })).toEqual({});
    expect(validateArchiveSearch({ page: 1 })).toEqual({});
  });

  it('keeps every filter together, with a search too', () => {
    expect(
      validateArchiveSearch({ search: 'école', category: 4, tag: 2, from: '1950-01-01' }),
    ).toEqual({ search: 'école', category: 4, tag: 2, from: '1950-01-01' });
    expect(validateArchiveSearch({ search: 'ab', participant: 4, tag: 2 })).toEqual({
      search: 'ab',
      participant: 4,
      tag: 2,
    });
    expect(validateArchiveSearch({ search: 1954 })).toEqual({ search: '1954' });
    expect(
      validateArchiveSearch({
        category: '3',
        participant: '4',
        tag: '5',
        from: '1950-01-01',
        to: '1960-12-31',
        language: 'de',
        sort: 'title',
        per_page: '50',
        stories: '1',
        page: '2',
      }),
    ).toEqual({
      category: 3,
      participant: 4,
      tag: 5,
      from: '1950-01-01',
      to: '1960-12-31',
      language: 'de',
      sort: 'title',
      per_page: 50,
      stories: 1,
      page: 2,
    });
  });

  it('drops bad dates, sorts and page sizes, and the default ones', () => {
    expect(
      validateArchiveSearch({ from: '1950-02-30', to: '31/12/1960', sort: 'newest', per_page: 10 }),
    ).toEqual({});
    expect(validateArchiveSearch({ sort: 'random', per_page: 30, stories: 'no' })).toEqual({});
    expect(validateArchiveSearch({ per_page: 100, from: '2000-02-29' })).toEqual({
      per_page: 100,
      from: '2000-02-29',
    });
  });

  it('keeps relevance for a search only, and newest for a search only', () => {
    expect(validateArchiveSearch({ search: 'école', sort: 'relevance' })).toEqual({
      search: 'école',
    });
    expect(validateArchiveSearch({ search: 'école', sort: 'newest' })).toEqual({
      search: 'école',
      sort: 'newest',
    });
    expect(validateArchiveSearch({ sort: 'relevance' })).toEqual({});
    expect(validateArchiveSearch({ search: 'ab', sort: 'relevance' })).toEqual({ search: 'ab' });
  });

  it('prefers the trash over the revisions view', () => {
    expect(validateArchiveSearch({ deleted: true, revisions: 1 })).toEqual({ deleted: 1 });
    expect(validateArchiveSearch({ revisions: 'true' })).toEqual({ revisions: 1 });
  });
});

describe('listRequest', () => {
  it('lists everything, 10 per page, with the language, one entry per story by default', () => {
    expect(listRequest('post', { language: 'fr', page: 2 }, 'de')).toEqual({
      route: 'post.all',
      query: { page: 2, per_page: 10, language: 'fr', story_language: 'de' },
      kind: 'all',
    });
  });

  it('lists every version when the address or the remembered choice says so', () => {
    expect(listRequest('post', { stories: 0 }, 'de').query.story_language).toBeUndefined();
    expect(listRequest('post', {}, 'de', false).query.story_language).toBeUndefined();
    expect(listRequest('post', { stories: 1 }, 'de', false).query.story_language).toBe('de');
    expect(validateArchiveSearch({ stories: '0' })).toEqual({ stories: 0 });
  });

  it('sends every filter, the order, the page size and one entry per story to -all', () => {
    expect(
      listRequest(
        'mail',
        {
          category: 7,
          participant: 3,
          tag: 9,
          from: '1950-01-01',
          to: '1960-12-31',
          sort: 'oldest',
          per_page: 25,
          stories: 1,
          language: 'fr',
        },
        'de',
      ),
    ).toEqual({
      route: 'mail.all',
      kind: 'filtered',
      query: {
        page: 1,
        per_page: 25,
        language: 'fr',
        category: 7,
        participant: 3,
        tag: 9,
        date_from: '1950-01-01',
        date_to: '1960-12-31',
        sort: 'oldest',
        story_language: 'de',
      },
    });
    expect(listRequest('media', { tag: 9 })).toMatchObject({
      route: 'media.all',
      kind: 'filtered',
    });
    expect(listRequest('media', { stories: 1 }, 'it')).toMatchObject({
      kind: 'all',
      query: { story_language: 'it' },
    });
  });

  it('searches from 3 characters only', () => {
    expect(listRequest('post', { search: '  ab ' })).toMatchObject({
      route: 'post.all',
      kind: 'all',
    });
    expect(listRequest('post', { search: ' ecole ' })).toEqual({
      route: 'post.search',
      query: { page: 1, per_page: 10, language: undefined, query: 'ecole' },
      kind: 'search',
    });
  });

  it('sends every filter and the order with a search, not one entry per story', () => {
    expect(
      listRequest(
        'post',
        {
          search: 'ecole',
          category: 7,
          participant: 3,
          tag: 9,
          from: '1950-01-01',
          to: '1960-12-31',
          sort: 'oldest',
          stories: 1,
        },
        'de',
      ),
    ).toEqual({
      route: 'post.search',
      kind: 'search',
      query: {
        page: 1,
        per_page: 10,
        language: undefined,
        query: 'ecole',
        category: 7,
        participant: 3,
        tag: 9,
        date_from: '1950-01-01',
        date_to: '1960-12-31',
        sort: 'oldest',
      },
    });
    expect(listRequest('post', { search: 'ecole', sort: 'newest' }).query.sort).toBe('newest');
    expect(listRequest('post', { search: 'ecole', sort: 'relevance' }).query.sort).toBeUndefined();
  });

  it('shows the trash and the revised items', () => {
    expect(listRequest('post', { deleted: 1, search: 'ecole' }).route).toBe('post.deleted');
    expect(listRequest('media', { revisions: 1 }).route).toBe('media.deletedAndRevisions');
  });
});

describe('withChange', () => {
  it('combines filters, keeps the language, resets the page', () => {
    expect(withChange({ category: 1, language: 'fr', page: 4 }, { tag: 2 })).toEqual({
      category: 1,
      tag: 2,
      language: 'fr',
    });
    expect(withChange({ tag: 2, from: '1950-01-01' }, { to: '1960-01-01' })).toEqual({
      tag: 2,
      from: '1950-01-01',
      to: '1960-01-01',
    });
  });

  it('keeps the filters with a search, and the search with a filter', () => {
    expect(withChange({ category: 1, from: '1950-01-01', page: 2 }, { search: 'lettre' })).toEqual({
      category: 1,
      from: '1950-01-01',
      search: 'lettre',
    });
    expect(withChange({ category: 1 }, { search: 'le' })).toEqual({ category: 1, search: 'le' });
    expect(withChange({ search: 'ecole', language: 'fr', page: 4 }, { tag: 2 })).toEqual({
      search: 'ecole',
      tag: 2,
      language: 'fr',
    });
  });

  it('keeps the default order out of the address: relevance searching, else newest', () => {
    expect(withChange({ search: 'ecole' }, { sort: 'relevance' })).toEqual({ search: 'ecole' });
    expect(withChange({ search: 'ecole' }, { sort: 'newest' })).toEqual({
      search: 'ecole',
      sort: 'newest',
    });
    expect(withChange({ search: 'ecole', sort: 'newest' }, { search: '' })).toEqual({});
    expect(withChange({ search: 'ecole', sort: 'title' }, { search: undefined })).toEqual({
      sort: 'title',
    });
    expect(withChange({ sort: 'oldest' }, { search: 'lettre' })).toEqual({
      sort: 'oldest',
      search: 'lettre',
    });
  });

  it('clears a value, keeps the page when the page itself changes, drops the default size', () => {
    expect(withChange({ category: 1, language: 'de' }, { category: undefined })).toEqual({
      language: 'de',
    });
    expect(withChange({ tag: 3 }, { page: 5 })).toEqual({ tag: 3, page: 5 });
    expect(withChange({ tag: 3, per_page: 50, page: 3 }, { per_page: 10 })).toEqual({ tag: 3 });
    expect(withChange({ sort: 'title', page: 3 }, { stories: 1 })).toEqual({
      sort: 'title',
      stories: 1,
    });
  });
});

describe('listRequest paths', () => {
  it('are the contract’s routes', () => {
    const path = (request: ReturnType<typeof listRequest>) =>
      buildPath(routeIndex[request.route][1], request.id === undefined ? {} : { id: request.id });
    expect(path(listRequest('mail', {}))).toBe('/api/mails-all');
    expect(path(listRequest('mail', { search: 'abc' }))).toBe('/api/mails-search');
    expect(path(listRequest('mail', { deleted: 1 }))).toBe('/api/mails-deleted');
    expect(path(listRequest('mail', { tag: 5 }))).toBe('/api/mails-all');
  });
});
