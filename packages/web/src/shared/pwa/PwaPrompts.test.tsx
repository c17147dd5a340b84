import { MantineProvider } from '@mantine/core';
import type { CurrentUser } from '@kinfolio/contract';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/store';
import { toast } from '@/shared/ui/toast';
import { FLAGS_CACHE, clearRuntimeCaches } from './installPrompt';
import { PwaPrompts } from './PwaPrompts';

// The worker says "offline ready" at every start of these tests.
vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW: () => ({
      needRefresh: useState(false),
      offlineReady: useState(true),
      updateServiceWorker: async () => undefined,
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
