import { useTranslation } from '@/shared/i18n/react';

export const MAIN_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className="kf-skip-link" href={`#${MAIN_ID}`}>
      {t('skipToContent')}
    </a>
  );
}
