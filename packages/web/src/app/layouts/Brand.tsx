import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';

/** App name in the header, linking to the home of the current layout. */
export function Brand({ to }: { to: string }) {
  const { t } = useTranslation(['common', 'layout']);
  return (
    <Link to={to} className="kf-brand" aria-label={t('layout:header.home')}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{t('common:appName')}</span>
    </Link>
  );
}
