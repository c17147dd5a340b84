import { Group, NativeSelect, Switch } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { SortFilter } from '@/shared/kit/FilterBar';
import { PAGE_SIZES, storiesShown, type ArchiveSearch } from '../listSearch';
import { writeStoryPreference } from '../storyPreference';

interface ListOptionsProps {
  search: ArchiveSearch;
  onChange: (change: Partial<ArchiveSearch>) => void;
  /** The order and one entry per story apply to the lists, not to the trash. */
  pageSizeOnly?: boolean;
  /** A search is typed: relevance is one more order, and every matching version shows. */
  searching?: boolean;
}

/**
 * How a list is shown: its order, one entry per story or every version, and the page size. Native
 * selects: a few fixed choices, the phone's own picker, and no floating dropdown kept mounted and
 * positioned (Select's measured the page's layout during each list page's first render).
 */
export function ListOptions({
  search,
  onChange,
  pageSizeOnly = false,
  searching = false,
}: ListOptionsProps) {
  const { t } = useTranslation('archive');
  const pageSize = (
    <NativeSelect
      label={t('listOptions.perPage')}
      data={PAGE_SIZES.map(String)}
      value={String(search.per_page ?? PAGE_SIZES[0])}
      onChange={(event) => onChange({ per_page: Number(event.currentTarget.value) })}
      w={110}
    />
  );
  if (pageSizeOnly) return <Group align="flex-end">{pageSize}</Group>;
  return (
    <Group align="flex-end" gap="sm">
      <SortFilter
        value={search.sort}
        onChange={(sort) => onChange({ sort })}
        searching={searching}
      />
      {pageSize}
      {!searching && (
        <Switch
          label={t('listOptions.stories')}
          description={t('listOptions.storiesHint')}
          checked={storiesShown(search)}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            writeStoryPreference(on);
            onChange({ stories: on ? 1 : 0 });
          }}
          pb={4}
          maw={360}
        />
      )}
    </Group>
  );
}
