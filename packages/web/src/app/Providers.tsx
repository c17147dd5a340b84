import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useMemo, type ReactNode } from 'react';
import { persistOptions, queryClient } from '@/shared/query/queryClient';
import { useUiStore } from '@/shared/stores/ui';
import {
  buildTheme,
  colorSchemeManager,
  cssVariablesResolver,
  useThemeColors,
} from '@/shared/theme';

/**
 * Restored lists show at once, but may predate the last edit (writes to localStorage are throttled,
 * and another tab or device may have changed them): mark them stale so they refresh on mount.
 */
function refreshRestoredQueries() {
  void queryClient.invalidateQueries({ predicate: (query) => query.meta?.persist === true });
}

export function Providers({ children }: { children: ReactNode }) {
  const colors = useThemeColors();
  const theme = useMemo(() => buildTheme(colors), [colors]);
  const forced = useUiStore((s) => s.forcedColorScheme);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={refreshRestoredQueries}
    >
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        forceColorScheme={forced}
        cssVariablesResolver={cssVariablesResolver}
      >
        <Notifications position="top-right" limit={5} zIndex={1000} containerWidth={380} />
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </PersistQueryClientProvider>
  );
}
