import { screen, within } from '@testing-library/react';
import type { CorrelationRow } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/shared/test/renderRoutes';
import { CorrelationTable } from './CorrelationTable';

const ROWS: CorrelationRow[] = [
  {
    parent_id: 7,
    date: '1971-07-13',
    original_language: 'ar',
    translations: JSON.stringify([
      { id: 7, language: 'ar', content: 'رسالة من الجدة في الصيف' },
      { id: 9, language: 'fr', content: 'Lettre de la grand-mère en été' },
    ]),
  },
  {
    parent_id: 3,
    date: '1957-07-11',
    original_language: 'fr',
    translations: JSON.stringify([{ id: 3, language: 'fr', content: '' }]),
  },
];

async function renderTable() {
  await renderPage(() => <CorrelationTable type="post" rows={ROWS} />);
  return screen.findByRole('table', { name: 'Original Posts and their versions by language' });
}

/** The phone's cards: the list items of the list shown under the `md` breakpoint. */
function phoneCards() {
  const list = document.querySelector('ul.mantine-hidden-from-md');
  expect(list).not.toBeNull();
  return within(list as HTMLElement)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

describe('CorrelationTable', () => {
  it('wide screen: a column per language, each row headed by its date, the Arabic right to left', async () => {
    const table = await renderTable();
    expect(table.closest('.mantine-visible-from-md')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'FR', 'EN', 'IT', 'DE', 'AR']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('July 13, 1971');
    const arabic = within(first).getByRole('link', { name: 'رسالة من الجدة في الصيف' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(arabic).toHaveAttribute('href', '/posts/7/profile');
    expect(within(first).getAllByText('no version in this language')).toHaveLength(3);
  });

  it('phone (375 px): one card per original, its date over one line per language', async () => {
    await renderTable();
    const cards = phoneCards();
    expect(cards).toHaveLength(2);
    const card = within(cards[0]!);
    expect(card.getByText('July 13, 1971')).toHaveAttribute('datetime', '1971-07-13');
    const lines = card.getAllByRole('listitem');
    // Each line is named by its language badge, in the table's column order.
    expect(lines.map((line) => within(line).getAllByText(/^[A-Z]{2}$/)[0]!.textContent)).toEqual([
      'FR',
      'EN',
      'IT',
      'DE',
      'AR',
    ]);
    expect(within(lines[0]!).getByLabelText('French')).toBeInTheDocument();
    expect(within(lines[0]!).getByRole('link')).toHaveAttribute('href', '/posts/9/profile');
    expect(within(lines[1]!).getByText('no version in this language')).toBeInTheDocument();
    expect(within(lines[1]!).queryByRole('link')).toBeNull();
    // The Arabic original reads right to left, and is the one marked "original".
    const arabic = within(lines[4]!).getByRole('link', { name: 'رسالة من الجدة في الصيف' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(within(lines[4]!).getByText('original')).toBeInTheDocument();
    // Its badge on the right, where the preview starts; a French one's on the left.
    expect(arabic.parentElement!.style.getPropertyValue('--stack-align')).toBe('flex-end');
    const french = within(lines[0]!).getByRole('link');
    expect(french.parentElement!.style.getPropertyValue('--stack-align')).toBe('flex-start');
    expect(within(lines[0]!).queryByText('original')).toBeNull();
  });

  it('phone: an untitled version is linked by the interface’s wording, in the page’s direction', async () => {
    await renderTable();
    const line = within(phoneCards()[1]!).getAllByRole('listitem')[0]!;
    const link = within(line).getByRole('link', { name: '(untitled)' });
    expect(link).not.toHaveAttribute('dir');
    expect(link).not.toHaveAttribute('lang');
  });
});
