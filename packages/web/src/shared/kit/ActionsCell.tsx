import { Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowAction } from '@/shared/ui';

export interface RowActionSpec {
  /** Names the button for screen readers and as its tooltip ("Rename Zoé"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Red, for an action that deletes. */
  danger?: boolean;
}

/**
 * The last cell of a table row: its icon buttons, kept in sight at the end of the row while a
 * wide table scrolls sideways on a phone (`kf-sticky-end`).
 */
export function ActionsCell({ actions }: { actions: readonly RowActionSpec[] }) {
  return (
    <Table.Td className="kf-sticky-end">
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {actions.map((action) => (
          <RowAction
            key={action.label}
            variant="subtle"
            size="lg"
            label={action.label}
            onClick={action.onClick}
            color={action.danger ? 'red' : undefined}
          >
            {action.icon}
          </RowAction>
        ))}
      </Group>
    </Table.Td>
  );
}
