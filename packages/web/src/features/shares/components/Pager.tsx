import { Pagination } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

/** Page numbers (first and last included), each named for assistive technology; none for one page. */
export function Pager({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('shares');
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getItemProps={(page) => ({ 'aria-label': t('pager.page', { page }) })}
      getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      withEdges
      siblings={1}
      style={{ alignSelf: 'center' }}
    />
  );
}
