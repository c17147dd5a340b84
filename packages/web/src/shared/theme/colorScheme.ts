import {
  localStorageColorSchemeManager,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';

/** Same key as public/color-scheme.js, which paints the saved scheme before React starts. */
export const COLOR_SCHEME_STORAGE_KEY = 'kinfolio-color-scheme';

/** Preference: 'auto' is the spec's "system". */
export type ColorSchemePreference = MantineColorScheme;

const base = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
let providerSetter: ((value: MantineColorScheme) => void) | null = null;

/**
 * Mantine's localStorage manager, plus a way for non-React code (the session applying the user's
 * darkMode at login) to change the scheme through the provider.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...base,
  subscribe(onUpdate) {
    providerSetter = onUpdate;
    base.subscribe(onUpdate);
  },
  unsubscribe() {
    providerSetter = null;
    base.unsubscribe();
  },
};

export function setColorSchemePreference(value: ColorSchemePreference): void {
  if (providerSetter) providerSetter(value);
  else base.set(value);
}

export function readColorSchemePreference(): ColorSchemePreference {
  return base.get('auto');
}

export type ForcedColorScheme = 'light' | 'dark' | 'system';

/** A page may force a scheme; forcing 'system' is warned against and means the OS value. */
export function resolveForcedScheme(
  forced: ForcedColorScheme | undefined,
  systemPrefersDark: boolean,
): 'light' | 'dark' | undefined {
  if (!forced) return undefined;
  if (forced === 'system') {
    console.warn(
      '[kinfolio] A page forces the "system" colour scheme; force "light" or "dark" instead.',
    );
    return systemPrefersDark ? 'dark' : 'light';
  }
  return forced;
}
