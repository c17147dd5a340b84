import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** An icon button of a table row, named for screen readers and with a tooltip. */
export function RowAction({
  label,
  onClick,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} size="lg">
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
