import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { useSessionStore } from '@/shared/session';
import { DEFAULT_PANEL_ID, selectOverlayOpen, useModal, useUiStore } from '@/shared/stores/ui';
import { COLOR_SCHEME_STORAGE_KEY, colorSchemeManager } from '@/shared/theme';
import { loadingBar } from '@/shared/ui/loadingBar';
import { transitionFor } from '../routing/transitions';
import { RootShell } from './RootShell';

/** The real RootShell over a few pages with and without transition numbers. */
function renderShell(initialPath = '/') {
  const rootRoute = createRootRoute({ component: RootShell });
  const pageRoute = (path: string, routeNumber?: number, colorScheme?: 'light' | 'dark') =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      staticData: { guard: 'none', routeNumber, colorScheme },
      component: () => <p>page {path}</p>,
    });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      pageRoute('/'),
      pageRoute('/one', 1),
      pageRoute('/two', 2),
      pageRoute('/three', 3),
      pageRoute('/plain'),
      pageRoute('/dark-only', undefined, 'dark'),
    ]),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  render(
    <MantineProvider colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const go = async (to: string, search?: Record<string, string>) => {
    await act(async () => {
      await router.navigate({ to, search });
    });
    expect(await screen.findByText(`page ${to}`)).toBeInTheDocument();
  };
  return { router, go };
}

const transition = () => useUiStore.getState().transitionName;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.setState({ isLoggedIn: false, user: null, status: 'ready' });
  useUiStore.setState({ modals: {}, sidePanelOpen: false, transitionName: 'page' });
  document.body.style.overflow = '';
});

afterEach(() => {
  loadingBar.reset();
});

describe('page transitions by route number', () => {
  it('slides right to a higher number and left to a lower one', async () => {
    const { go } = renderShell('/one');
    expect(await screen.findByText('page /one')).toBeInTheDocument();
    await go('/three');
    expect(transition()).toBe('slide-right');
    expect(document.querySelector('.kf-page')).toHaveClass('kf-page--slide-right');
    await go('/two');
    expect(transition()).toBe('slide-left');
    expect(document.querySelector('.kf-page')).toHaveClass('kf-page--slide-left');
    await go('/three');
    expect(transition()).toBe('slide-right');
  });

  it('uses the plain page transition when either side has no number', async () => {
    const { go } = renderShell('/two');
    await screen.findByText('page /two');
    await go('/one');
    expect(transition()).toBe('slide-left');
    await go('/plain');
    expect(transition()).toBe('page');
    await go('/three');
    expect(transition()).toBe('page');
    expect(document.querySelector('.kf-page')).toHaveClass('kf-page--page');
  });
});

describe('before each navigation: panels and modals closed', () => {
  it('closes every modal and the side panel', async () => {
    const { go } = renderShell('/one');
    await screen.findByText('page /one');
    act(() => {
      useUiStore.getState().openModal('editPost');
      useUiStore.getState().openModal('confirm');
      useUiStore.getState().openSidePanel('2');
    });
    await go('/two');
    expect(useUiStore.getState().modals).toEqual({});
    expect(useUiStore.getState().sidePanelOpen).toBe(false);
  });

  it('closes them also when only the query changes', async () => {
    const { go } = renderShell('/one');
    await screen.findByText('page /one');
    act(() => {
      useUiStore.getState().openModal('filters');
    });
    await go('/one', { page: '2' });
    expect(useUiStore.getState().modals).toEqual({});
  });
});

describe('body scroll lock while a modal or panel is open', () => {
  it('stops the page body scrolling while a modal or the panel is open', async () => {
    renderShell('/one');
    await screen.findByText('page /one');
    document.body.style.overflow = 'auto';
    act(() => {
      useUiStore.getState().openModal('editPost');
    });
    expect(document.body.style.overflow).toBe('hidden');
    act(() => {
      useUiStore.getState().openSidePanel();
      useUiStore.getState().closeModal('editPost');
    });
    expect(document.body.style.overflow).toBe('hidden');
    act(() => {
      useUiStore.getState().closeSidePanel();
    });
    expect(document.body.style.overflow).toBe('auto');
  });

  it('restores scrolling when navigation closes the overlay', async () => {
    const { go } = renderShell('/one');
    await screen.findByText('page /one');
    act(() => {
      useUiStore.getState().openModal('editPost');
    });
    expect(document.body.style.overflow).toBe('hidden');
    await go('/two');
    expect(document.body.style.overflow).toBe('');
  });
});

describe('colour scheme in the shell', () => {
  const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
  const pressCtrlL = () =>
    act(() => {
      fireEvent.keyDown(document.documentElement, { key: 'l', code: 'KeyL', ctrlKey: true });
    });

  it('Ctrl+L toggles dark mode and saves the preference locally', async () => {
    renderShell('/one');
    await screen.findByText('page /one');
    expect(scheme()).toBe('light');
    pressCtrlL();
    expect(scheme()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    pressCtrlL();
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('the header toggle does the same', async () => {
    renderShell('/one');
    await screen.findByText('page /one');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: /dark/i }));
    });
    expect(scheme()).toBe('dark');
    expect(screen.getByRole('button', { name: /light/i })).toBeInTheDocument();
  });

  it('lets a page force its colour scheme while it is shown', async () => {
    const { go } = renderShell('/one');
    await screen.findByText('page /one');
    expect(useUiStore.getState().forcedColorScheme).toBeUndefined();
    await go('/dark-only');
    expect(useUiStore.getState().forcedColorScheme).toBe('dark');
    await go('/one');
    expect(useUiStore.getState().forcedColorScheme).toBeUndefined();
  });
});

describe('transitionFor', () => {
  it('slides right to a higher route number', () => {
    expect(transitionFor(1, 2)).toBe('slide-right');
    expect(transitionFor(1, 4)).toBe('slide-right');
  });

  it('slides left to a lower route number', () => {
    expect(transitionFor(3, 1)).toBe('slide-left');
    expect(transitionFor(2, 1)).toBe('slide-left');
  });

  it('uses the plain page transition otherwise', () => {
    expect(transitionFor(2, 2)).toBe('page');
    expect(transitionFor(undefined, 2)).toBe('page');
    expect(transitionFor(2, undefined)).toBe('page');
    expect(transitionFor(undefined, undefined)).toBe('page');
  });
});

describe('ui store', () => {
  const ui = () => useUiStore.getState();

  beforeEach(() => {
    useUiStore.setState({ activePanelId: DEFAULT_PANEL_ID, transitionMode: 'out-in' });
  });

  it('reports an overlay while any modal or the side panel is open', () => {
    expect(selectOverlayOpen(ui())).toBe(false);
    ui().openModal('a');
    ui().openModal('b');
    expect(selectOverlayOpen(ui())).toBe(true);
    ui().closeModal('a');
    expect(selectOverlayOpen(ui())).toBe(true);
    ui().closeModal('b');
    expect(selectOverlayOpen(ui())).toBe(false);
    ui().openSidePanel();
    expect(selectOverlayOpen(ui())).toBe(true);
  });

  it('closeAll closes every modal and the panel but keeps the active panel id', () => {
    ui().openModal('a');
    ui().openSidePanel('3');
    ui().closeAll();
    expect(selectOverlayOpen(ui())).toBe(false);
    expect(ui().activePanelId).toBe('3');
  });

  it('opens the side panel on the last active panel unless told otherwise', () => {
    ui().openSidePanel('2');
    ui().closeSidePanel();
    ui().openSidePanel();
    expect(ui().activePanelId).toBe('2');
  });

  it('keeps the transition mode unless a new one is given', () => {
    ui().setTransition('slide-left');
    expect(ui()).toMatchObject({ transitionName: 'slide-left', transitionMode: 'out-in' });
    ui().setTransition('page', 'in-out');
    expect(ui()).toMatchObject({ transitionName: 'page', transitionMode: 'in-out' });
  });

  it('useModal reads and sets one named modal, closed by closeAll', () => {
    const { result } = renderHook(() => useModal('editPost'));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(ui().modals).toEqual({ editPost: true });
    act(() => ui().closeAll());
    expect(result.current[0]).toBe(false);
  });
});
