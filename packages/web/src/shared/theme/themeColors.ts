import { DEFAULT_THEME_COLORS, type Themecolors } from '@kinfolio/contract';
import { create } from 'zustand';

interface ThemeColorsState {
  colors: Themecolors;
}

export const useThemeColorsStore = create<ThemeColorsState>(() => ({
  colors: { ...DEFAULT_THEME_COLORS },
}));

/**
 * Live theme colours. The whole UI re-themes as soon as this is called, without saving anything:
 * - the session calls it with the user's themecolors at login and with the defaults on reset;
 * - the interface-params screen calls it on every colour change to preview, and again with
 *   `user.themecolors` to cancel (or after PATCH /api/update-user with the saved colours).
 * Missing keys keep their current value.
 */
export function applyThemeColors(colors: Partial<Themecolors> | null | undefined): void {
  useThemeColorsStore.setState((state) => ({
    colors: { ...state.colors, ...pickDefined(colors ?? {}) },
  }));
}

export function resetThemeColors(): void {
  useThemeColorsStore.setState({ colors: { ...DEFAULT_THEME_COLORS } });
}

/** Current colours (React). */
export function useThemeColors(): Themecolors {
  return useThemeColorsStore((state) => state.colors);
}

/**
 * For the interface-params screen: `preview(partial)` applies colours live, `restore(saved)` puts
 * back saved colours, e.g. `const { colors, preview, restore } = usePreviewThemeColors()`.
 */
export function usePreviewThemeColors() {
  const colors = useThemeColors();
  return { colors, preview: applyThemeColors, restore: applyThemeColors };
}

function pickDefined(colors: Partial<Themecolors>): Partial<Themecolors> {
  return Object.fromEntries(
    Object.entries(colors).filter(([, v]) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)),
  ) as Partial<Themecolors>;
}
