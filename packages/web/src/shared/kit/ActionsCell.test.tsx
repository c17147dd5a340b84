import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionsCell } from './ActionsCell';

function renderRow(actions: Parameters<typeof ActionsCell>[0]['actions']) {
  render(
    <MantineProvider>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Zoé</Table.Td>
            <ActionsCell actions={actions} />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </MantineProvider>,
  );
}

describe('ActionsCell', () => {
  it('empty: a cell kept at the end of the row, with no button', () => {
    renderRow([]);
    const cells = screen.getAllByRole('cell');
    expect(cells[1]).toHaveClass('kf-sticky-end');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('filled: one named button per action, the deleting one red, each running its own action', async () => {
    const rename = vi.fn();
    const remove = vi.fn();
    renderRow([
      { label: 'Rename Zoé', icon: <span>✎</span>, onClick: rename },
      { label: 'Delete Zoé', icon: <span>×</span>, onClick: remove, danger: true },
    ]);
    const deleteButton = screen.getByRole('button', { name: 'Delete Zoé' });
    expect(deleteButton.getAttribute('style') ?? '').toContain('red');
    expect(
      screen.getByRole('button', { name: 'Rename Zoé' }).getAttribute('style') ?? '',
    ).not.toContain('red');
    await userEvent.click(deleteButton);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
  });
});
