import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInMantine } from '@/shared/test/renderInMantine';
import { describe, expect, it, vi } from 'vitest';
import { CardField, ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable';

interface File {
  id: number;
  name: string;
  size: string;
}

const FILES: File[] = [
  { id: 1, name: 'letter.pdf', size: '2 MB' },
  { id: 2, name: 'photo.jpg', size: '5 MB' },
];

function renderTable(props: Partial<ResponsiveTableProps<File>> = {}) {
  const remove = vi.fn();
  renderInMantine(
    <ResponsiveTable
      rows={FILES}
      rowKey={(file) => file.id}
      caption="Files"
      columns={[
        { header: 'Name', cell: (file) => file.name },
        { header: 'Size', width: 100, align: 'right', cell: (file) => file.size },
      ]}
      actions={{
        header: 'Actions',
        of: (file) => [
          {
            label: `Download ${file.name}`,
            icon: <span>↓</span>,
            href: '/f',
            download: file.name,
          },
          {
            label: `Delete ${file.name}`,
            icon: <span>×</span>,
            danger: true,
            onClick: () => remove(file),
          },
        ],
      }}
      details={(file) => <CardField label="Size">{file.size}</CardField>}
      {...props}
    />,
  );
  return remove;
}

describe('ResponsiveTable', () => {
  it('wide screen: a captioned table, each row headed by its first column, its actions last', async () => {
    const remove = renderTable();
    const table = screen.getByRole('table', { name: 'Files' });
    expect(table.closest('.mantine-visible-from-md')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Size', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'letter.pdf' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[2]!;
    expect(within(row).getByRole('link', { name: 'Download photo.jpg' })).toHaveAttribute(
      'download',
      'photo.jpg',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Delete photo.jpg' }));
    expect(remove).toHaveBeenCalledWith(FILES[1]);
  });

  it('phone (375 px): one card per row, its name and actions on top, its details under them', () => {
    renderTable();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.closest('.mantine-hidden-from-md')).not.toBeNull();
    const first = within(cards[0]!);
    expect(first.getByText('letter.pdf')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete letter.pdf' })).toBeInTheDocument();
    expect(first.getByText('Size')).toBeInTheDocument();
    expect(first.getByText('2 MB')).toBeInTheDocument();
  });

  it('phone: actions that carry a word show it on the card, and still read the full name', async () => {
    const restore = vi.fn();
    renderTable({
      actions: {
        header: 'Actions',
        of: (file) => [
          {
            label: `Restore ${file.name}`,
            text: 'Restore',
            icon: <span>↺</span>,
            onClick: restore,
          },
        ],
      },
    });
    const card = within(screen.getAllByRole('listitem')[0]!);
    const button = card.getByRole('button', { name: 'Restore letter.pdf' });
    expect(button).toHaveTextContent('Restore');
    await userEvent.click(button);
    expect(restore).toHaveBeenCalledTimes(1);
    // The wide table keeps its icon buttons.
    const table = screen.getByRole('table', { name: 'Files' });
    expect(within(table).getByRole('button', { name: 'Restore photo.jpg' })).not.toHaveTextContent(
      'Restore',
    );
  });

  it('a card field shows a value of 0 (a count, say)', () => {
    renderInMantine(<CardField label="Items">{0}</CardField>);
    expect(screen.getByText('Items').parentElement).toHaveTextContent('Items0');
  });

  it('a stacked card field puts its label above its value, whatever the value’s length', () => {
    renderInMantine(
      <>
        <CardField label="Français" stacked>
          Bonjour
        </CardField>
        <CardField label="Items">{3}</CardField>
      </>,
    );
    const stacked = screen.getByText('Français').parentElement!;
    expect(stacked).toHaveClass('mantine-Stack-root');
    expect(stacked.children[1]).toHaveTextContent('Bonjour');
    // Without it, a short value sits beside its label.
    expect(screen.getByText('Items').parentElement).toHaveClass('mantine-Group-root');
  });

  it('plain cells: no row headers where no column names the row, a caption for screen readers', () => {
    renderTable({ rowHeaders: false, captionHidden: true, actions: undefined });
    const table = screen.getByRole('table', { name: 'Files' });
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0);
    expect(within(table).getByRole('cell', { name: 'letter.pdf' })).toBeInTheDocument();
    expect(table.querySelector('caption')).toHaveClass('kf-sr-only');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('empty: the table keeps its headers and no card is drawn', () => {
    renderTable({ rows: [] });
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
