import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { EntryCards, EntryFeed } from './EntryFeed';

interface Answer {
  data: { id: number; title: string }[];
  meta: { current_page: number; last_page: number };
}

function renderFeed(
  query: { isPending: boolean; data?: Answer; isFetching?: boolean },
  polled = false,
) {
  const onPage = vi.fn();
  render(
    <MantineProvider>
      <EntryFeed
        query={{ data: undefined, ...query }}
        texts={{ error: 'The history could not be loaded', empty: 'Nothing changed yet' }}
        onPage={onPage}
        polled={polled}
      >
        {(answer) => (
          <EntryCards entries={answer.data} entryKey={(entry) => entry.id}>
            {(entry) => <article>{entry.title}</article>}
          </EntryCards>
        )}
      </EntryFeed>
    </MantineProvider>,
  );
  return onPage;
}

const page = (current: number, last: number, titles: string[]): Answer => ({
  data: titles.map((title, index) => ({ id: index + 1, title })),
  meta: { current_page: current, last_page: last },
});

describe('EntryFeed', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('pending: a placeholder, no list and no pages', () => {
    renderFeed({ isPending: true });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('failed: the error sentence', () => {
    renderFeed({ isPending: false });
    expect(screen.getByRole('alert')).toHaveTextContent('The history could not be loaded');
  });

  it('empty: the empty sentence', () => {
    renderFeed({ isPending: false, data: page(1, 1, []) });
    expect(screen.getByText('Nothing changed yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('filled: the entries in order, busy while a newer answer comes, and its pages', async () => {
    const onPage = renderFeed({
      isPending: false,
      isFetching: true,
      data: page(1, 3, ['Wedding', 'Letter']),
    });
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Wedding',
      'Letter',
    ]);
    expect(list.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('polled for live progress: never marked busy, so what its rows announce is not held back', () => {
    renderFeed({ isPending: false, isFetching: true, data: page(1, 1, ['Backup']) }, true);
    expect(screen.getByRole('list').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });
});
