import { create } from 'zustand';

export type TransitionName = 'page' | 'slide-left' | 'slide-right';
export type TransitionMode = 'out-in' | 'in-out' | 'default';

/** Shared interface state: modals open by name, the side panel and its active id, transition. */
interface UiState {
  modals: Record<string, boolean>;
  sidePanelOpen: boolean;
  activePanelId: string;
  transitionName: TransitionName;
  transitionMode: TransitionMode;
  /** Colour scheme forced by the current page (route static data). */
  forcedColorScheme: 'light' | 'dark' | undefined;
  setForcedColorScheme: (value: 'light' | 'dark' | undefined) => void;
  openModal: (name: string) => void;
  closeModal: (name: string) => void;
  setModal: (name: string, open: boolean) => void;
  openSidePanel: (id?: string) => void;
  closeSidePanel: () => void;
  setActivePanel: (id: string) => void;
  setTransition: (name: TransitionName, mode?: TransitionMode) => void;
  /** Called before every navigation. */
  closeAll: () => void;
}

export const DEFAULT_PANEL_ID = '1';

export const useUiStore = create<UiState>((set) => ({
  modals: {},
  sidePanelOpen: false,
  activePanelId: DEFAULT_PANEL_ID,
  transitionName: 'page',
  transitionMode: 'out-in',
  forcedColorScheme: undefined,
  setForcedColorScheme: (value) => set({ forcedColorScheme: value }),
  openModal: (name) => set((s) => ({ modals: { ...s.modals, [name]: true } })),
  closeModal: (name) => set((s) => ({ modals: { ...s.modals, [name]: false } })),
  setModal: (name, open) => set((s) => ({ modals: { ...s.modals, [name]: open } })),
  openSidePanel: (id) =>
    set((s) => ({ sidePanelOpen: true, activePanelId: id ?? s.activePanelId })),
  closeSidePanel: () => set({ sidePanelOpen: false }),
  setActivePanel: (id) => set({ activePanelId: id }),
  setTransition: (name, mode) =>
    set((s) => ({ transitionName: name, transitionMode: mode ?? s.transitionMode })),
  closeAll: () => set({ modals: {}, sidePanelOpen: false }),
}));

/** True while any modal or the side panel is open: the page body must not scroll. */
export function selectOverlayOpen(state: Pick<UiState, 'modals' | 'sidePanelOpen'>): boolean {
  return state.sidePanelOpen || Object.values(state.modals).some(Boolean);
}

/** `const [opened, setOpened] = useModal('editPost')` — a named modal closed on navigation. */
export function useModal(name: string): [boolean, (open: boolean) => void] {
  const opened = useUiStore((s) => s.modals[name] ?? false);
  const setModal = useUiStore((s) => s.setModal);
  return [opened, (open: boolean) => setModal(name, open)];
}
