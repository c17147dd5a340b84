import { Button } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** A small light button of a card or a version (restore, delete for good): its icon, its words. */
export function SmallButton({
  icon: Icon,
  danger = false,
  onClick,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  /** Red, for an action that loses something. */
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant="light"
      color={danger ? 'red' : undefined}
      leftSection={<Icon size={14} />}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
