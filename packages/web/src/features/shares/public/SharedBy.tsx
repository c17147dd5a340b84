import type { PublicShareInfo } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { usePublicFormat } from './format';

/** "Shared by Anna until 3 March 2027, 10:00": who sent the link and how long it opens. */
export function SharedBy({ info }: { info: PublicShareInfo }) {
  const { t } = useTranslation('shares');
  const format = usePublicFormat();
  return (
    <p className="kf-public-byline kf-public-dimmed">
      {info.expires_at
        ? t('public.sharedByUntil', {
            name: info.shared_by,
            date: format.date(info.expires_at, true),
          })
        : t('public.sharedBy', { name: info.shared_by })}
    </p>
  );
}
