import './kit.css';
import { Button, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowAction } from '@/shared/ui';

type Target = { onClick: () => void } | { href: string; download: string };

export type RowActionSpec = {
  /** Names the button for screen readers and as its tooltip ("Rename Zoé"). */
  label: string;
  icon: ReactNode;
  /** Red, for an action that deletes. */
  danger?: boolean;
  /** Another colour, for an action that checks rather than changes (green). */
  color?: string;
  disabled?: boolean;
  /** Spins while this row's action runs. */
  loading?: boolean;
  /** A short word shown beside the icon where there is room for it (phone cards): "Restore". */
  text?: string;
} & Target;

/** A row's icon buttons, in a table cell or at the top of its card. */
export function RowActions({ actions }: { actions: readonly RowActionSpec[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map(({ label, icon, danger, color, text: _text, ...target }) => (
        <RowAction
          key={label}
          variant="subtle"
          size="lg"
          label={label}
          color={danger ? 'red' : color}
          {...target}
        >
          {icon}
        </RowAction>
      ))}
    </Group>
  );
}

/**
 * The last cell of a table row: its icon buttons, kept in sight at the end of the row while a
 * wide table scrolls sideways on a phone (`kf-sticky-end`).
 */
export function ActionsCell({ actions }: { actions: readonly RowActionSpec[] }) {
  return (
    <Table.Td className="kf-sticky-end">
      <RowActions actions={actions} />
    </Table.Td>
  );
}

/**
 * A phone card's buttons with their words: on a touch screen an icon alone leaves the person
 * guessing (there is no tooltip), so each button says what it does and reads the full name aloud.
 */
export function RowActionButtons({ actions }: { actions: readonly RowActionSpec[] }) {
  return (
    <Group gap="xs" wrap="wrap">
      {actions.map(({ label, icon, danger, color, text, ...target }) => {
        const common = {
          variant: 'light',
          size: 'sm',
          color: danger ? 'red' : color,
          leftSection: icon,
          'aria-label': label,
        } as const;
        return 'href' in target ? (
          <Button key={label} component="a" {...common} {...target}>
            {text ?? label}
          </Button>
        ) : (
          <Button key={label} {...common} {...target}>
            {text ?? label}
          </Button>
        );
      })}
    </Group>
  );
}
