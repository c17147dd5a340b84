import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { recordQueries } from '../api';

/** The records' own filter: who keeps the tape (the owners of live records). */
export function OwnerFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (owner: string | undefined) => void;
}) {
  const { t } = useTranslation(['records', 'archive']);
  const owners = useQuery(recordQueries.owners());
  const data = useMemo(() => {
    const list = owners.data ?? [];
    // An owner from the address that no live record has any more still shows as chosen.
    return value && !list.includes(value) ? [value, ...list] : list;
  }, [owners.data, value]);
  return (
    <Select
      label={t('filters.owner')}
      placeholder={t('filters.anyOwner')}
      data={data}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      searchable
      clearable
      nothingFoundMessage={t('archive:filters.nothingFound')}
      w={{ base: '100%', sm: 200 }}
    />
  );
}
