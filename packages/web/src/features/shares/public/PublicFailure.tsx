import { useTranslation } from '@/shared/i18n/react';

/** Statuses the page has its own words for; anything else is a general failure. */
const KNOWN = new Set([0, 403, 404, 410, 429]);

/**
 * Why nothing is shown: an unknown or withdrawn link (404), one past its date (410), too many
 * tries (429), no network (0), or the server failing.
 */
export function PublicFailure({ status }: { status: number }) {
  const { t } = useTranslation('shares');
  const key = KNOWN.has(status) ? String(status) : 'other';
  return (
    <div className="kf-public-stack kf-public-failure">
      <h1 className="kf-public-title">{t(`public.failure.${key}.title`)}</h1>
      <p className={status === 410 ? 'kf-public-alert is-warning' : 'kf-public-alert'} role="alert">
        {t(`public.failure.${key}.message`)}
      </p>
    </div>
  );
}
