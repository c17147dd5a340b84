import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders a piece of the interface inside Mantine's provider, as the app does. */
export function renderInMantine(ui: ReactElement) {
  const wrap = (node: ReactElement) => <MantineProvider>{node}</MantineProvider>;
  const utils = render(wrap(ui));
  return { ...utils, rerender: (next: ReactElement) => utils.rerender(wrap(next)) };
}
