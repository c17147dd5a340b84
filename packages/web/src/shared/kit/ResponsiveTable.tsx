import { Card, Group, Stack, Table, Text, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionsCell, RowActionButtons, RowActions, type RowActionSpec } from './ActionsCell';

export interface TableColumn<Row> {
  /** The column's name (and its key). */
  header: string;
  /** What its header cell shows instead of the name (a box that selects every row). */
  head?: ReactNode;
  /** Fixed width (pixels, or a share: "20%"); the columns without one share what is left. */
  width?: number | string;
  /** Counts sit on the right. */
  align?: 'right';
  cell: (row: Row) => ReactNode;
  /** Long words (file names, people) may break anywhere rather than widen the column. */
  wrapAnywhere?: boolean;
}

/** The buttons acting on one row: a last column of the table, the top right of its card. */
export interface TableActions<Row> {
  header: string;
  width?: number;
  of: (row: Row) => readonly RowActionSpec[];
}

export interface ResponsiveTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  caption: string;
  /** A caption for screen readers only, where the page's title already says it. */
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  actions?: TableActions<Row>;
  /** The whole card of a row; by default its head (`cardTitle` and its actions) over `details`. */
  card?: (row: Row) => ReactNode;
  /** What heads a row's card beside its actions; the first column's cell by default. */
  cardTitle?: (row: Row) => ReactNode;
  /** What a row's card shows under its head. */
  details?: (row: Row) => ReactNode;
  /** The first column heads its row; off where it is not what names the row (a checkbox). */
  rowHeaders?: boolean;
  minWidth?: number;
  /** A long list of short rows: tighter rows, lit under the pointer, columns as wide as needed. */
  dense?: boolean;
  /** Mantine's table options, over a striped fixed-layout table. */
  table?: TableProps;
}

const DENSE: TableProps = { highlightOnHover: true, verticalSpacing: 'xs', layout: 'auto' };

/**
 * One named value of a row's card ("Items 12"). `stacked` puts the label above the value, for
 * values of any length (a text that wraps would otherwise drop under its label only when long).
 */
export function CardField({
  label,
  stacked = false,
  children,
}: {
  label: string;
  stacked?: boolean;
  children: ReactNode;
}) {
  if (stacked) {
    return (
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <div>{children}</div>
      </Stack>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* Wrapped: Group drops falsy children, and a count of 0 must show. */}
      <span>{children}</span>
    </Group>
  );
}

/**
 * A list's table: a fixed-layout table on wide screens, whose first column heads its
 * row, and one card per row on phones, where a table would scroll sideways.
 */
export function ResponsiveTable<Row>({
  rows,
  rowKey,
  caption,
  captionHidden = false,
  columns,
  actions,
  card,
  cardTitle,
  details,
  rowHeaders = true,
  minWidth = 860,
  dense = false,
  table,
}: ResponsiveTableProps<Row>) {
  const [first, ...rest] = rowHeaders ? columns : [undefined, ...columns];
  const cardOf =
    card ??
    ((row: Row) => {
      const specs = actions?.of(row) ?? [];
      // Actions that carry a word show it on the card, in a row of their own under the details.
      const worded = specs.some((spec) => spec.text);
      return (
        <Stack gap={8}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            {(cardTitle ?? columns[0]?.cell)?.(row)}
            {specs.length > 0 && !worded ? <RowActions actions={specs} /> : null}
          </Group>
          {details?.(row)}
          {worded ? <RowActionButtons actions={specs} /> : null}
        </Stack>
      );
    });
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="md">
        <Table striped verticalSpacing="sm" layout="fixed" {...(dense ? DENSE : {})} {...table}>
          <Table.Caption className={captionHidden ? 'kf-sr-only' : undefined}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" w={column.width} ta={column.align}>
                  {column.head ?? column.header}
                </Table.Th>
              ))}
              {actions ? (
                <Table.Th scope="col" w={actions.width} ta="right" className="kf-sticky-end">
                  {actions.header}
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} style={{ verticalAlign: 'top' }}>
                {first ? (
                  <Table.Th scope="row" fw="normal">
                    {first.cell(row)}
                  </Table.Th>
                ) : null}
                {rest.map((column) =>
                  column ? (
                    <Table.Td
                      key={column.header}
                      ta={column.align}
                      style={column.wrapAnywhere ? { overflowWrap: 'anywhere' } : undefined}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ) : null,
                )}
                {actions ? <ActionsCell actions={actions.of(row)} /> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Card key={rowKey(row)} component="li" withBorder radius="md" padding="md">
            {cardOf(row)}
          </Card>
        ))}
      </Stack>
    </>
  );
}
