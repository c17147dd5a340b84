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

export function Providers({ children }: { children: ReactNode }) {
  const colors = useThemeColors();
  const theme = useMemo(() => buildTheme(colors), [colors]);
  const forced = useUiStore((s) => s.forcedColorScheme);
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
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
