import { describe, expect, it } from 'vitest';
import { itemsApi, linkTargets } from '../../test/items-api.js';
import { editorAndReaderSuite } from '../../test/suite.js';

describe('a search inside the list filters', () => {
  let posts: ReturnType<typeof itemsApi>;
  const ids = { ada: 0, summer: 0, family: 0, kids: 0, work: 0 };
  const item = { kidsOld: 0, kidsNew: 0, work: 0, untagged: 0, other: 0 };

  editorAndReaderSuite(async ({ editor }) => {
    const make = linkTargets(editor);
    ids.ada = await make.participant('Ada');
    ids.summer = await make.tag('Summer');
    ids.family = await make.category('Family');
    ids.kids = await make.category('Kids', ids.family);
    ids.work = await make.category('Work');
    posts = itemsApi(editor, 'post');
    const create = async (body: Record<string, unknown>) => (await posts.create(body)).id;
    item.kidsOld = await create({
      title: 'Zebra picnic',
      content: '<p>A picnic by the river.</p>',
      language: 'en',
      date: '1950-05-01',
      from: [ids.ada],
      tags: [ids.summer],
      categories: [ids.kids],
    });
    item.kidsNew = await create({
      title: 'Apple',
      content: '<p>Another picnic, picnic, picnic in the garden.</p>',
      language: 'en',
      date: '1990-05-01',
      tags: [ids.summer],
      categories: [ids.kids],
    });
    item.work = await create({
      title: 'Office picnic',
      language: 'en',
      date: '1970-05-01',
      from: [ids.ada],
      tags: [ids.summer],
      categories: [ids.work],
    });
    item.untagged = await create({
      title: 'Picnic without a tag',
      language: 'en',
      date: '1980-05-01',
      categories: [ids.family],
    });
    item.other = await create({ title: 'Nothing to find', language: 'en', date: '1985-01-01' });
  });

  const searched = async (query: Record<string, string | number>) => {
    const page = await posts.list('search', { query: 'picnic', ...query });
    return { ids: page.data.map((row) => row.id), total: page.meta.total, page };
  };

  it('keeps only the matches inside a category and its subtree', async () => {
    const found = await searched({ category: ids.family });
    expect(found.ids.sort()).toEqual([item.kidsOld, item.kidsNew, item.untagged].sort());
    expect(found.total).toBe(3);
    expect(found.page.data.every((row) => (row.snippet ?? '').length > 0)).toBe(true);
  });

  it('combines participant, tag and dates with the words', async () => {
    expect((await searched({ participant: ids.ada })).ids.sort()).toEqual(
      [item.kidsOld, item.work].sort(),
    );
    expect((await searched({ tag: ids.summer, date_from: '1960-01-01' })).ids.sort()).toEqual(
      [item.kidsNew, item.work].sort(),
    );
    expect((await searched({ category: ids.kids, date_to: '1960-01-01' })).ids).toEqual([
      item.kidsOld,
    ]);
  });

  it('orders the matches by date or title when asked, and pages them', async () => {
    expect((await searched({ sort: 'oldest' })).ids).toEqual([
      item.kidsOld,
      item.work,
      item.untagged,
      item.kidsNew,
    ]);
    expect((await searched({ sort: 'newest', tag: ids.summer })).ids).toEqual([
      item.kidsNew,
      item.work,
      item.kidsOld,
    ]);
    expect((await searched({ sort: 'title', category: ids.family })).ids).toEqual([
      item.kidsNew,
      item.untagged,
      item.kidsOld,
    ]);
    const second = await searched({ sort: 'oldest', per_page: 2, page: 2 });
    expect(second.ids).toEqual([item.untagged, item.kidsNew]);
    expect(second.total).toBe(4);
  });

  it('keeps the rank order by default, filtered or not', async () => {
    const all = await searched({});
    const relevance = await searched({ sort: 'relevance' });
    expect(relevance.ids).toEqual(all.ids);
    expect(all.total).toBe(4);
    const inKids = await searched({ category: ids.kids });
    expect(inKids.ids).toEqual(all.ids.filter((id) => id === item.kidsOld || id === item.kidsNew));
  });

  it('answers an empty page for a category that no longer exists', async () => {
    const found = await searched({ category: 999_999 });
    expect(found.ids).toEqual([]);
    expect(found.total).toBe(0);
  });
});
