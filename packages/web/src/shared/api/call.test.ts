import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, stubFetch } from '@/shared/test/fetchStub';
import { call } from './call';
import { invalidateCsrf } from './client';

vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn(() => 'toast-id') }));

let server: ReturnType<typeof stubFetch>;

beforeEach(() => {
  clearCookies();
  invalidateCsrf();
  server = stubFetch();
});

describe('calling a route by name', () => {
  it('takes the method and path from the contract, with the parameters filled', async () => {
    server.reply({ body: { message: 'ok', tag: { id: 3, name: {}, count: 0 } } });
    const saved = await call(
      'tagUpdate',
      { params: { id: 3 }, body: { name: { fr: 'Vacances' } } },
      { silent: true },
    );
    expect(saved.tag.id).toBe(3);
    const [sent] = server.apiCalls();
    expect(sent).toMatchObject({ method: 'PATCH', url: '/api/tags/3' });
    expect(JSON.parse(String(sent!.body))).toEqual({ name: { fr: 'Vacances' } });
  });

  it('sends the query of a list and leaves out empty values', async () => {
    server.reply({ body: { data: [], meta: {}, links: {} } });
    await call('post.search', { query: { query: 'nonna', page: 2, language: undefined } });
    expect(server.apiCalls()[0]).toMatchObject({
      method: 'GET',
      url: '/api/posts-search?query=nonna&page=2',
    });
  });

  it('calls a route without input', async () => {
    server.reply({ body: [] });
    expect(await call('tags')).toEqual([]);
    expect(server.apiCalls()[0]).toMatchObject({ method: 'GET', url: '/api/tags' });
  });
});
