import { MantineProvider } from '@mantine/core';
import type { CurrentUser } from '@kinfolio/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/store';
import { toast } from '@/shared/ui/toast';
import { queryClient } from '@/shared/query/queryClient';
import { FLAGS_CACHE, INSTALL_DISMISSED_KEY, clearRuntimeCaches } from './installPrompt';
import { PwaPrompts } from './PwaPrompts';

const worker = vi.hoisted(() => ({
  needRefresh: false,
  updateServiceWorker: async (_reload?: boolean) => undefined as void,
}));

// The worker says "offline ready" at every start of these tests (and has an update waiting when
// a test says so).
vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW: () => ({
      needRefresh: useState(worker.needRefresh),
      offlineReady: useState(true),
      updateServiceWorker: (reload?: boolean) => worker.updateServiceWorker(reload),
    }),
  };
});

/** An in-memory Cache Storage, enough for the flags. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (url: string) => store.get(url),
      put: async (url: string, response: Response) => void store.set(url, response),
    };
  };
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
  };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the "ready to work offline" message', () => {
  let success: ReturnType<typeof vi.spyOn>;
  let storage: ReturnType<typeof fakeCaches>;

  beforeEach(() => {
    storage = fakeCaches();
    vi.stubGlobal('caches', storage.api);
    success = vi.spyOn(toast, 'success').mockImplementation(() => '');
    useSessionStore.setState({ isLoggedIn: false, user: null, status: 'ready' });
    return () => {
      vi.unstubAllGlobals();
      success.mockRestore();
    };
  });

  const mount = () =>
    render(
      <MantineProvider>
        <PwaPrompts />
      </MantineProvider>,
    );

  it('waits for the login, then shows once per installation (a logout does not reset it)', async () => {
    const first = mount();
    await settle();
    expect(success).not.toHaveBeenCalled();
    act(() => {
      useSessionStore.setState({ isLoggedIn: true, user: { id: 1 } as CurrentUser });
    });
    await settle();
    expect(success).toHaveBeenCalledTimes(1);
    first.unmount();

    // A later start, after a logout cleared localStorage and an update cleared runtime caches.
    window.localStorage.clear();
    await clearRuntimeCaches();
    expect(storage.stores.has(FLAGS_CACHE)).toBe(true);
    mount();
    await settle();
    expect(success).toHaveBeenCalledTimes(1);
  });
});

describe('the update banner and the install prompt', () => {
  let storage: ReturnType<typeof fakeCaches>;

  beforeEach(() => {
    storage = fakeCaches();
    vi.stubGlobal('caches', storage.api);
    useSessionStore.setState({ isLoggedIn: false, user: null, status: 'ready' });
    return () => {
      vi.unstubAllGlobals();
      worker.needRefresh = false;
      window.localStorage.clear();
    };
  });

  const mount = () =>
    render(
      <MantineProvider>
        <PwaPrompts />
      </MantineProvider>,
    );

  it('updates the worker after clearing the cached data (runtime caches and queries)', async () => {
    worker.needRefresh = true;
    const update = vi.fn(async () => undefined);
    worker.updateServiceWorker = update;
    await (
      await storage.api.open('kinfolio-thumbnails')
    ).put('/api/files/1?thumb=1', new Response('x'));
    await (await storage.api.open(FLAGS_CACHE)).put('/flag', new Response('1'));
    queryClient.setQueryData(['items', 'post', 'single', 1], { id: 1 });
    mount();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    // Clearing the offline copy loads its code first (a chunk of its own): more than one tick.
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith(true));
    expect([...storage.stores.keys()]).toEqual([FLAGS_CACHE]);
    expect(queryClient.getQueryData(['items', 'post', 'single', 1])).toBeUndefined();
  });

  it('offers to install until the user declines, then never again', async () => {
    const offer = () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      act(() => {
        window.dispatchEvent(event);
      });
    };
    const view = mount();
    await settle();
    offer();
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    view.unmount();
    mount();
    await settle();
    offer();
    await settle();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });
});
