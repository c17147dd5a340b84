import { usePrefetchQuery } from '@tanstack/react-query';
import { LIMITS, type ContentLanguage } from '@kinfolio/contract';
import { Fragment, type ReactNode } from 'react';
import { SearchBox } from '@/shared/content/SearchBox';
import { effectiveSearch } from '@/shared/search';
import { useTranslation } from '@/shared/i18n/react';
import { organisationQueries } from '@/shared/organisation/queries';
import * as kit from './FilterBar';

/** The filters every list of the archive's content may offer, by name. */
export type FilterName = 'category' | 'participant' | 'tag' | 'dates' | 'language' | 'sort';

/** The address's values those filters read and write. */
export interface FilterValues {
  search?: string;
  category?: number;
  participant?: number;
  tag?: number;
  from?: string;
  to?: string;
  language?: ContentLanguage;
  sort?: kit.ListSort;
}

interface ListFilterBarProps<Values extends FilterValues> {
  /** The phone's collapsed region (unique on the page). */
  id: string;
  values: Values;
  onChange: (change: Partial<Values>) => void;
  /** The filters in the order they show: names of the common ones, or the list's own inputs. */
  filters: readonly (FilterName | ReactNode)[];
  /** Whether the list has a search box. */
  search?: boolean;
  /** How many of the list's own inputs are set (the phone's button counts them with the others). */
  ownActive?: number;
  note?: ReactNode;
  /** How the list shows (order, page size…), under the bar or behind the phone's button. */
  options?: ReactNode;
}

/** The filters that choose one entry of the organisation, by its id. */
const ID_FILTERS = {
  category: kit.CategoryFilter,
  participant: kit.ParticipantFilter,
  tag: kit.TagFilter,
} as const;

/** Whether a common filter holds a value (the order is not a filter). */
const isSet = (name: FilterName, values: FilterValues) =>
  name === 'dates'
    ? (values.from ?? values.to) !== undefined
    : name !== 'sort' && values[name] !== undefined;

/**
 * A list's filter bar as configuration: which common filters, in which order, among the list's own
 * inputs; with the search box and the phone's count. The archive's lists, the records and the
 * planning are each a line of these.
 */
export function ListFilterBar<Values extends FilterValues>({
  id,
  values,
  onChange,
  filters,
  search = false,
  ownActive = 0,
  note,
  options,
}: ListFilterBarProps<Values>) {
  const { t } = useTranslation('archive');
  const change = onChange as (change: Partial<FilterValues>) => void;
  const named = filters.filter((filter): filter is FilterName => typeof filter === 'string');
  // An order other than the default counts too: it changes what the list shows first.
  const ordered = named.includes('sort') || options !== undefined;
  const active =
    named.filter((name) => isSet(name, values)).length +
    ownActive +
    (ordered && values.sort !== undefined ? 1 : 0);
  const input = (name: FilterName) => {
    switch (name) {
      case 'dates':
        return <kit.DateRangeFilter from={values.from} to={values.to} onChange={change} />;
      case 'language':
        return (
          <kit.LanguageFilter
            value={values.language}
            onChange={(language) => change({ language })}
          />
        );
      case 'sort':
        return (
          <kit.SortFilter
            value={values.sort}
            onChange={(sort) => change({ sort })}
            searching={search && Boolean(effectiveSearch(values.search ?? ''))}
          />
        );
      default: {
        const Filter = ID_FILTERS[name];
        return <Filter value={values[name]} onChange={(id) => change({ [name]: id })} />;
      }
    }
  };
  return (
    <>
      <PrefetchChoices filters={named} />
      <kit.FilterBar
        id={id}
        active={active}
        search={
          search ? (
            <SearchBox
              label={t('filters.search')}
              description={t('filters.searchHint', { count: LIMITS.searchMinLength })}
              value={values.search}
              onSearch={(text) => change({ search: text })}
              w={{ base: '100%', sm: 260 }}
            />
          ) : undefined
        }
        note={note}
        options={options}
        ordered={ordered}
      >
        {filters.map((filter, index) => (
          <Fragment key={typeof filter === 'string' ? filter : index}>
            {typeof filter === 'string' ? input(filter as FilterName) : filter}
          </Fragment>
        ))}
      </kit.FilterBar>
    </>
  );
}

/** The choices each common filter offers, asked for before its input shows. */
const CHOICES: Partial<Record<FilterName, () => { queryKey: readonly unknown[] }>> = {
  category: organisationQueries.categories,
  participant: organisationQueries.participants,
  tag: organisationQueries.tags,
};

/**
 * Asks for the filters' choices at once without rendering when they arrive: on a phone the inputs
 * that show them mount only when the filters are opened.
 */
function PrefetchChoices({ filters }: { filters: readonly FilterName[] }) {
  return filters.map((name) => {
    const choices = CHOICES[name];
    return choices ? <Prefetch key={name} options={choices()} /> : null;
  });
}

function Prefetch({ options }: { options: Parameters<typeof usePrefetchQuery>[0] }) {
  usePrefetchQuery(options);
  return null;
}
