import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_RESOURCE, note } from '@/shared/test/entityKind';

const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

describe('entityResource', () => {
  beforeEach(() => call.mockReset());

  it('keys every answer of the kind under its key, and keeps an opened entry offline', () => {
    expect(NOTE_RESOURCE.queries.single(7).queryKey).toEqual(['notes', 'single', 7]);
    expect(NOTE_RESOURCE.queries.revisions(7, 2).queryKey).toEqual(['notes', 'revisions', 7, 2]);
    expect(NOTE_RESOURCE.queries.single(7).meta).toEqual({ persist: true });
  });

  it('asks again for an entry while the kind says so', () => {
    const interval = NOTE_RESOURCE.queries.single(7).refetchInterval as (query: {
      state: { data?: ReturnType<typeof note> };
    }) => number | false;
    expect(interval({ state: { data: note({ title: 'pending' }) } })).toBeGreaterThan(0);
    expect(interval({ state: { data: note() } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });

  it('reads an entry and its versions through the kind’s routes', async () => {
    call.mockResolvedValue(note());
    const client = new QueryClient();
    await client.fetchQuery(NOTE_RESOURCE.queries.single(7));
    await client.fetchQuery(NOTE_RESOURCE.queries.revisions(7, 2));
    expect(call.mock.calls.map(([name, input]) => [name, input])).toEqual([
      ['post.single', { params: { id: 7 } }],
      ['post.revisions', { params: { id: 7 }, query: { page: 2, per_page: 20 } }],
    ]);
  });

  it('restores a version through the kind’s update, as the kind reverts it', async () => {
    call.mockResolvedValue({ message: 'Saved.', item: note({ mood: 'sad' }) });
    const saved = await NOTE_RESOURCE.api.restoreVersion(7, {
      title: 'Le grenier',
      text: '',
      mood: 'SAD',
    });
    expect(saved.mood).toBe('sad');
    expect(call).toHaveBeenCalledWith('post.update', {
      params: { id: 7 },
      body: { title: 'Le grenier', text: '', mood: 'sad' },
    });
  });
});
