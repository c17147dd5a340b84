import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core';
import type { ReactNode } from 'react';

type Target = { onClick: () => void } | { href: string; download: string };

/**
 * An icon button of a table row or card, named for screen readers and with the same words as a
 * tooltip: an action (`onClick`) or a file to download (`href`).
 */
export function RowAction({
  label,
  children,
  variant = 'light',
  ...rest
}: {
  label: string;
  children: ReactNode;
} & Pick<ActionIconProps, 'color' | 'disabled' | 'loading' | 'variant' | 'size'> &
  Target) {
  const button =
    'href' in rest ? (
      <ActionIcon component="a" variant={variant} aria-label={label} {...rest}>
        {children}
      </ActionIcon>
    ) : (
      <ActionIcon variant={variant} aria-label={label} {...rest}>
        {children}
      </ActionIcon>
    );
  return (
    <Tooltip label={label} openDelay={400}>
      {button}
    </Tooltip>
  );
}
