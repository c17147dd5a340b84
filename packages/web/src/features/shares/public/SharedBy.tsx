import { Text } from '@mantine/core';
import type { PublicShareInfo } from '@kinfolio/contract';
import { useDateFormat } from '@/shared/content/dates';
import { useTranslation } from '@/shared/i18n/react';

/** "Shared by Anna until 3 March 2027, 10:00": who sent the link and how long it opens. */
export function SharedBy({ info }: { info: PublicShareInfo }) {
  const { t } = useTranslation('shares');
  const formatDate = useDateFormat();
  return (
    <Text size="sm" c="dimmed" className="kf-public-byline">
      {info.expires_at
        ? t('public.sharedByUntil', {
            name: info.shared_by,
            date: formatDate(info.expires_at, true),
          })
        : t('public.sharedBy', { name: info.shared_by })}
    </Text>
  );
}
