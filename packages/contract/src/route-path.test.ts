import { describe, expect, it } from 'vitest';
import { routePath } from './route-path.js';

describe('routePath', () => {
  it('fills the parameters of a route found by name', () => {
    expect(routePath('post.single', { params: { id: 12 } })).toBe('/api/posts-single/12');
    expect(routePath('media.tag', { params: { id: 3 }, query: { page: 2 } })).toBe(
      '/api/medias-tag/3?page=2',
    );
  });

  it('appends the query, encoded, leaving out what is undefined', () => {
    expect(routePath('searchAll', { query: { query: 'été & co', page: undefined } })).toBe(
      '/api/search?query=%C3%A9t%C3%A9+%26+co',
    );
    expect(routePath('post.all', { query: { page: undefined } })).toBe('/api/posts-all');
  });
});
