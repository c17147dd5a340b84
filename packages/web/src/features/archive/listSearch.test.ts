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

  it('keeps one filter: a long enough search, else the first of category, participant, tag', () => {
    expect(validateArchiveSearch({ search: 'école', category: 4, tag: 2 })).toEqual({
      search: 'école',
    });
    expect(validateArchiveSearch({ search: 'ab', participant: 4, tag: 2 })).toEqual({
      search: 'ab',
      participant: 4,
    });
    expect(validateArchiveSearch({ search: 1954 })).toEqual({ search: '1954' });
  });

  it('prefers the trash over the revisions view', () => {
    expect(validateArchiveSearch({ deleted: true, revisions: 1 })).toEqual({ deleted: 1 });
    expect(validateArchiveSearch({ revisions: 'true' })).toEqual({ revisions: 1 });
  });
});

describe('listRequest', () => {
  it('lists everything, 10 per page, with the language', () => {
    expect(listRequest('post', { language: 'fr', page: 2 })).toEqual({
      route: 'post.all',
      query: { page: 2, per_page: 10, language: 'fr' },
      kind: 'all',
    });
  });

  it('maps each filter to its route', () => {
    expect(listRequest('mail', { category: 7 })).toMatchObject({ route: 'mail.category', id: 7 });
    expect(listRequest('message', { participant: 3 })).toMatchObject({
      route: 'message.participant',
      id: 3,
    });
    expect(listRequest('media', { tag: 9 })).toMatchObject({ route: 'media.tag', id: 9 });
  });

  it('searches from 3 characters only (spec §5)', () => {
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

  it('shows the trash and the revised items', () => {
    expect(listRequest('post', { deleted: 1, search: 'ecole' }).route).toBe('post.deleted');
    expect(listRequest('media', { revisions: 1 }).route).toBe('media.deletedAndRevisions');
  });
});

describe('withChange', () => {
  it('replaces the other filters and the search, keeps the language, resets the page', () => {
    expect(withChange({ search: 'ecole', language: 'fr', page: 4 }, { tag: 2 })).toEqual({
      tag: 2,
      language: 'fr',
    });
    expect(withChange({ category: 1, page: 2 }, { search: 'lettre' })).toEqual({
      search: 'lettre',
    });
    expect(withChange({ category: 1 }, { search: 'le' })).toEqual({ category: 1, search: 'le' });
  });

  it('clears a value and keeps the page when the page itself changes', () => {
    expect(withChange({ category: 1, language: 'de' }, { category: undefined })).toEqual({
      language: 'de',
    });
    expect(withChange({ tag: 3 }, { page: 5 })).toEqual({ tag: 3, page: 5 });
  });
});

describe('listRequest paths', () => {
  it('are the contract’s routes', () => {
    const path = (request: ReturnType<typeof listRequest>) =>
      buildPath(routeIndex[request.route][1], request.id === undefined ? {} : { id: request.id });
    expect(path(listRequest('mail', {}))).toBe('/api/mails-all');
    expect(path(listRequest('mail', { search: 'abc' }))).toBe('/api/mails-search');
    expect(path(listRequest('mail', { deleted: 1 }))).toBe('/api/mails-deleted');
    expect(path(listRequest('mail', { tag: 5 }))).toBe('/api/mails-tag/5');
  });
});
