import { Pagination } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

/** A list's page numbers (first and last included), each named for assistive tech; none for one page. */
export function ListPager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('archive');
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
      getControlProps={(control) => ({ 'aria-label': t(`list.control.${control}`) })}
      withEdges
      siblings={1}
      style={{ alignSelf: 'center' }}
    />
  );
}
