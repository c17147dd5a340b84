import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { persistOptions, queryClient } from '@/shared/query/queryClient';
import { useUiStore } from '@/shared/stores/ui';
import {
  buildTheme,
  colorSchemeManager,
  cssVariablesResolver,
  useThemeColors,
} from '@/shared/theme';

const DeferredProviders = lazy(() => import('./DeferredProviders'));

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
        <Suspense fallback={null}>
          <DeferredProviders />
        </Suspense>
        {children}
      </MantineProvider>
    </PersistQueryClientProvider>
  );
}
