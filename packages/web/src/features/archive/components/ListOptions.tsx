import { Group, Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type ArchiveSearch, type ListSort } from '../listSearch';

interface ListOptionsProps {
  search: ArchiveSearch;
  onChange: (change: Partial<ArchiveSearch>) => void;
  /** The order and one entry per story apply to the lists, not to a search or the trash. */
  pageSizeOnly?: boolean;
}

/** How a list is shown: its order, one entry per story or every version, and the page size. */
export function ListOptions({ search, onChange, pageSizeOnly = false }: ListOptionsProps) {
  const { t } = useTranslation('archive');
  const pageSize = (
    <Select
      label={t('listOptions.perPage')}
      data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
      value={String(search.per_page ?? PAGE_SIZES[0])}
      onChange={(value) => onChange({ per_page: value ? Number(value) : undefined })}
      allowDeselect={false}
      w={110}
    />
  );
  if (pageSizeOnly) return <Group align="flex-end">{pageSize}</Group>;
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('listOptions.sort')}
        data={[
          { value: 'newest', label: t('listOptions.sorts.newest') },
          { value: 'oldest', label: t('listOptions.sorts.oldest') },
          { value: 'title', label: t('listOptions.sorts.title') },
        ]}
        value={search.sort ?? 'newest'}
        onChange={(value) =>
          onChange({ sort: value && value !== 'newest' ? (value as ListSort) : undefined })
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      {pageSize}
      <Switch
        label={t('listOptions.stories')}
        description={t('listOptions.storiesHint')}
        checked={search.stories === 1}
        onChange={(event) => onChange({ stories: event.currentTarget.checked ? 1 : undefined })}
        pb={4}
        maw={360}
      />
    </Group>
  );
}
