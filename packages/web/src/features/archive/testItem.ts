import type { Item } from '@kinfolio/contract';

/** An item as the API answers it, for the archive's tests: a published French post by default. */
export function testItem(changes: Partial<Item> = {}): Item {
  return {
    id: 1,
    type: 'post',
    title: '',
    content: '',
    from: [],
    to: [],
    date: '1954-06-12T00:00:00.000Z',
    language: 'fr',
    original_language: 'fr',
    parent_id: null,
    status: 'published',
    fields: {},
    tags: [],
    categories: [],
    languages: ['fr'],
    created_at: '',
    updated_at: '',
    deleted_at: null,
    translations: [],
    revisions_count: 0,
    files: [],
    place: null,
    ...changes,
  };
}
