import { create } from 'zustand';
import { EMPTY_SELECTION, type Selection } from './selection';

/**
 * The selection of the list on screen. It is kept outside the list's components so that it
 * outlives a page change and the list's loading states, and it is dropped as soon as the list
 * means other items (another type, view, filter or search: `scope` changes).
 */
interface SelectionState {
  scope: string;
  selection: Selection;
  set: (scope: string, selection: Selection) => void;
}

export const useSelectionStore = create<SelectionState>((set) => ({
  scope: '',
  selection: EMPTY_SELECTION,
  set: (scope, selection) => set({ scope, selection }),
}));

/** The selection of the list `scope`, and its setter. */
export function useListSelection(scope: string): [Selection, (next: Selection) => void] {
  const current = useSelectionStore((s) => (s.scope === scope ? s.selection : EMPTY_SELECTION));
  const setSelection = useSelectionStore((s) => s.set);
  return [current, (next) => setSelection(scope, next)];
}
