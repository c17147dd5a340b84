import { MantineProvider, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { organisationKeys } from '@/shared/organisation/queries';
import { screenWidth } from '@/shared/test/screenWidth';
import { ListFilterBar, type FilterName, type FilterValues } from './ListFilterBar';

interface Values extends FilterValues {
  /** A list's own filter. */
  shelf?: string;
}

function renderBar(
  values: Values,
  filters: readonly (FilterName | 'shelf')[],
  search = true,
  options?: ReactNode,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(organisationKeys.participants, [{ id: 2, name: 'Zoé Martin' }] as never);
  client.setQueryData(organisationKeys.tags, [] as never);
  client.setQueryData(organisationKeys.categories, [] as never);
  const onChange = vi.fn();
  const shelf = (
    <TextInput
      key="shelf"
      label="Shelf"
      value={values.shelf ?? ''}
      onChange={(event) => onChange({ shelf: event.currentTarget.value })}
    />
  );
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <ListFilterBar
          id="kf-test-filters"
          values={values}
          onChange={onChange}
          filters={filters.map((name) => (name === 'shelf' ? shelf : name))}
          search={search}
          ownActive={values.shelf === undefined ? 0 : 1}
          note={<p>All filters apply together</p>}
          options={options}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

const labels = () =>
  Array.from(screen.getByRole('search').querySelectorAll('label')).map((l) => l.textContent);

describe('ListFilterBar', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  afterEach(() => vi.restoreAllMocks());

  it('the records’ configuration: the search, then the filters named, the list’s own among them', () => {
    screenWidth(1440);
    renderBar({}, ['participant', 'language', 'shelf', 'dates', 'sort']);
    expect(labels()).toEqual(['Search', 'Participant', 'Language', 'Shelf', 'From', 'To', 'Order']);
    expect(screen.getByRole('search')).toHaveTextContent('All filters apply together');
  });

  it('the planning’s: no search box, and only the filters it names', () => {
    screenWidth(1440);
    renderBar({}, ['shelf', 'category', 'tag'], false);
    expect(labels()).toEqual(['Shelf', 'Category', 'Tag']);
  });

  it('hands each change over as a change of the address’s values', async () => {
    screenWidth(1440);
    const onChange = renderBar({ participant: 2 }, ['participant', 'shelf']);
    expect(
      screen.getByLabelText('Participant', { selector: 'input:not([type=hidden])' }),
    ).toHaveValue('Zoé Martin');
    await userEvent.type(screen.getByLabelText('Shelf'), 'B');
    expect(onChange).toHaveBeenLastCalledWith({ shelf: 'B' });
  });

  it('on a phone, counts the filters set (a date range once, the order, its own ones too)', () => {
    screenWidth(375);
    renderBar({ participant: 2, from: '1954-01-01', to: '1955-01-01', sort: 'title', shelf: 'B' }, [
      'participant',
      'dates',
      'sort',
      'shelf',
    ]);
    const button = within(screen.getByRole('search')).getByRole('button', {
      name: 'Filters · Order (4)',
    });
    expect(button).toHaveAttribute('aria-controls', 'kf-test-filters');
  });

  it('on a phone, keeps only the search and one button in sight: the options and note wait', async () => {
    screenWidth(375);
    renderBar({}, ['participant'], true, <p>Page size here</p>);
    const button = screen.getByRole('button', { name: 'Filters · Order' });
    expect(screen.queryByText('Page size here')).not.toBeInTheDocument();
    expect(screen.queryByText('All filters apply together')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByText('Page size here')).toBeInTheDocument();
    expect(screen.getByText('All filters apply together')).toBeInTheDocument();
  });

  it('on a wide screen, shows the options under the bar', () => {
    screenWidth(1440);
    renderBar({}, ['participant'], true, <p>Page size here</p>);
    expect(screen.getByText('Page size here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
