import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useCallback } from 'react';
import { updateSiteparams } from './session';
import { useSessionStore } from './store';

/** Toggles light/dark; a logged-in user's choice is also saved as siteparams.darkMode. */
export function useColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const toggle = useCallback(() => {
    const next = computed === 'dark' ? 'light' : 'dark';
    setColorScheme(next);
    if (useSessionStore.getState().user) void updateSiteparams({ darkMode: next === 'dark' });
  }, [computed, setColorScheme]);
  return { colorScheme: computed, toggle };
}
