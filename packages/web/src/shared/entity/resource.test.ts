import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
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

  describe('useSave', () => {
    const client = new QueryClient();
    const save = () =>
      renderHook(() => NOTE_RESOURCE.useSave(), {
        wrapper: ({ children }: { children: ReactNode }) =>
          createElement(QueryClientProvider, { client }, children),
      }).result.current;

    it('attaches the uploads to the saved entry, which its page shows at once', async () => {
      call.mockImplementation(async (name: string) =>
        name === 'addFilepond' ? { files: [{ id: 30 }] } : { item: note({ title: 'Le cellier' }) },
      );
      const saved = await save().mutateAsync({
        entity: note(),
        changes: { title: 'Le cellier' },
        uploads: ['u1'],
      });
      expect(saved).toEqual(note({ title: 'Le cellier', files: [{ id: 30 }] }));
      expect(call.mock.calls.map(([name]) => name)).toEqual(['post.update', 'addFilepond']);
      expect(client.getQueryData(NOTE_RESOURCE.keys.single(7))).toEqual(saved);
    });

    it('with only new files, attaches them without an update', async () => {
      call.mockResolvedValue({ files: [{ id: 31 }] });
      const saved = await save().mutateAsync({ entity: note(), changes: {}, uploads: ['u1'] });
      expect(saved.files).toEqual([{ id: 31 }]);
      expect(call.mock.calls.map(([name]) => name)).toEqual(['addFilepond']);
    });

    it('keeps the entry saved when its files could not be attached', async () => {
      call.mockImplementation(async (name: string) => {
        if (name === 'addFilepond') throw new Error('refused');
        return { item: note({ id: 9 }) };
      });
      const created = await save().mutateAsync({ create: note(), uploads: ['u1'] });
      expect(created).toEqual(note({ id: 9 }));
    });
  });
});
