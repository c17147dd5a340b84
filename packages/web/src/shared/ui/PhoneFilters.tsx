import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { FiltersCollapse } from './FiltersCollapse';

interface PhoneFiltersProps {
  /** The id of the filters' region, which the button controls. */
  id: string;
  /** How many filters are set, shown on the button while they are hidden. */
  active: number;
  /** The list's search box, drawn beside the button. */
  search?: ReactNode;
  /** The order waits behind the button too: the button says so. */
  ordered?: boolean;
  children: ReactNode;
}

/**
 * A phone's filters: hidden behind a button (with how many are set) that shows or hides them,
 * beside the search box when the list has one.
 */
export function PhoneFilters({ id, active, search, ordered = false, children }: PhoneFiltersProps) {
  const { t } = useTranslation('archive');
  const [opened, toggle] = useDisclosure(false);
  const button = (
    <Button
      variant="default"
      onClick={toggle.toggle}
      aria-expanded={opened}
      aria-controls={id}
      style={search ? undefined : { alignSelf: 'flex-start' }}
    >
      {ordered
        ? active > 0
          ? t('filters.toggleOrderCount', { count: active })
          : t('filters.toggleOrder')
        : active > 0
          ? t('filters.toggleCount', { count: active })
          : t('filters.toggle')}
    </Button>
  );
  return (
    <>
      {search ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>{search}</div>
          {button}
        </Group>
      ) : (
        button
      )}
      <FiltersCollapse expanded={opened} id={id}>
        {children}
      </FiltersCollapse>
    </>
  );
}
