import { Pagination } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

/** Names of a pager's buttons, in the wording of the screen that shows it. */
export interface PagerLabels {
  page: (page: number) => string;
  control: (control: 'first' | 'last' | 'next' | 'previous') => string;
}

interface PagerProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
}

/** Page numbers (first and last included), each named for assistive tech; none for one page. */
export function LabelledPager({
  total,
  value,
  onChange,
  labels,
}: PagerProps & { labels: PagerLabels }) {
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      getItemProps={(page) => ({ 'aria-label': labels.page(page) })}
      getControlProps={(control) => ({ 'aria-label': labels.control(control) })}
      withEdges
      siblings={1}
      style={{ alignSelf: 'center' }}
    />
  );
}

/** A list's pager in the archive's wording. */
export function ListPager(props: PagerProps) {
  const { t } = useTranslation('archive');
  return (
    <LabelledPager
      {...props}
      labels={{
        page: (page) => t('list.page', { page }),
        control: (control) => t(`list.control.${control}`),
      }}
    />
  );
}
