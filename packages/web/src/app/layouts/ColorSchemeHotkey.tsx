import { useHotkeys } from '@mantine/hooks';
import { useColorSchemeToggle } from '@/shared/session';

/**
 * Ctrl+L toggles light and dark on every screen (RootShell). A chunk of its own, loaded with the
 * first screen's layout (preloadLayout), so that Mantine's hotkey parser stays out of the entry.
 */
export default function ColorSchemeHotkey() {
  const { toggle } = useColorSchemeToggle();
  useHotkeys([['ctrl+L', toggle]]);
  return null;
}
