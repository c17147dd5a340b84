import { Card, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  header: string;
  /** Fixed width in pixels; the first column takes what is left. */
  width?: number;
  cell: (row: Row) => ReactNode;
  /** Long words (file names, people) may break anywhere rather than widen the column. */
  wrapAnywhere?: boolean;
}

/**
 * A list's table: a fixed-layout table on wide screens, whose first column heads its
 * row, and one card per row on phones, where a table would scroll sideways.
 */
export function ResponsiveTable<Row>({
  rows,
  rowKey,
  caption,
  columns,
  card,
  minWidth = 860,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  caption: string;
  columns: readonly TableColumn<Row>[];
  card: (row: Row) => ReactNode;
  minWidth?: number;
}) {
  const [first, ...rest] = columns;
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="md">
        <Table striped verticalSpacing="sm" style={{ tableLayout: 'fixed' }}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" w={column.width}>
                  {column.header}
                </Table.Th>
              ))}
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
                {rest.map((column) => (
                  <Table.Td
                    key={column.header}
                    style={column.wrapAnywhere ? { overflowWrap: 'anywhere' } : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Card key={rowKey(row)} component="li" withBorder radius="md" padding="md">
            {card(row)}
          </Card>
        ))}
      </Stack>
    </>
  );
}
