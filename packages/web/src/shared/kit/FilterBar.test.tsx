import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { organisationKeys } from '@/shared/organisation/queries';
import { screenWidth } from '@/shared/test/screenWidth';
import {
  CategoryFilter,
  DateRangeFilter,
  FilterBar,
  LanguageFilter,
  ParticipantFilter,
  SortFilter,
  TagFilter,
} from './FilterBar';

interface Values {
  category?: number;
  participant?: number;
  tag?: number;
  language?: 'fr' | 'en';
}

function renderBar(values: Values, { loaded = true } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (loaded) {
    client.setQueryData(organisationKeys.participants, [
      { id: 2, name: 'Zoé Martin' },
      { id: 1, name: 'Albert Roux' },
    ] as never);
    client.setQueryData(organisationKeys.tags, [{ id: 5, name: { en: 'Wedding' } }] as never);
    client.setQueryData(organisationKeys.categories, [] as never);
  }
  const onChange = vi.fn();
  const active = Object.values(values).filter((value) => value !== undefined).length;
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <FilterBar
          id="kf-test-filters"
          active={active}
          search={<input aria-label="Search" />}
          note={<p>All filters apply together</p>}
        >
          <CategoryFilter value={values.category} onChange={(category) => onChange({ category })} />
          <ParticipantFilter
            value={values.participant}
            onChange={(participant) => onChange({ participant })}
          />
          <TagFilter value={values.tag} onChange={(tag) => onChange({ tag })} />
          <LanguageFilter value={values.language} onChange={(language) => onChange({ language })} />
        </FilterBar>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

/** A filter's visible input, by its label. */
const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input:not([type=hidden])' });

describe('FilterBar', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    // jsdom lays nothing out; the combobox scrolls its chosen option into view.
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => vi.restoreAllMocks());

  it('empty, on a wide screen: the search box and every filter in one row, unset', () => {
    screenWidth(1440);
    renderBar({});
    const bar = screen.getByRole('search');
    expect(within(bar).getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(field('Participant')).toHaveValue('');
    expect(field('Tag')).toHaveValue('');
    expect(field('Language')).toHaveValue('');
    expect(bar).toHaveTextContent('All filters apply together');
  });

  it('filled: shows the chosen values by name, and hands a choice over as an id', async () => {
    screenWidth(1440);
    const onChange = renderBar({ participant: 2, tag: 5, language: 'fr' });
    expect(field('Participant')).toHaveValue('Zoé Martin');
    expect(field('Tag')).toHaveValue('Wedding');
    expect(field('Language')).toHaveValue('French');

    await userEvent.click(field('Participant'));
    await userEvent.click(await screen.findByRole('option', { name: 'Albert Roux', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ participant: 1 });
  });

  it('pending: while the choices load, a chosen id shows nothing rather than a number', () => {
    screenWidth(1440);
    renderBar({ participant: 2 }, { loaded: false });
    expect(field('Participant')).toHaveValue('');
  });

  it('on a phone (375 px): the search stays, the filters wait behind a button that counts them', async () => {
    screenWidth(375);
    renderBar({ participant: 2, language: 'en' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Participant')).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button).toHaveAttribute('aria-controls', 'kf-test-filters');
    await userEvent.click(button);
    // Inside the region the button controls (still opening: the collapse animates).
    expect(document.getElementById('kf-test-filters')).toContainElement(field('Participant'));
  });

  it('the date range sends real days only, each bounding the other', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <DateRangeFilter from="1954-06-01" to={undefined} onChange={onChange} />
      </MantineProvider>,
    );
    const to = screen.getByLabelText('To');
    expect(to).toHaveAttribute('min', '1954-06-01');
    fireEvent.change(to, { target: { value: '1954-06-30' } });
    expect(onChange).toHaveBeenLastCalledWith({ to: '1954-06-30' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: undefined });
  });

  it('the order keeps newest first out of the address', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <SortFilter value="title" onChange={onChange} />
      </MantineProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Order' });
    expect(select).toHaveValue('title');
    await userEvent.selectOptions(select, 'oldest');
    expect(onChange).toHaveBeenLastCalledWith('oldest');
    await userEvent.selectOptions(select, 'newest');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
