import { useTranslation } from '@/shared/i18n/react';
import { PlainBadge } from '@/shared/content/PlainBadge';

/** The languages an item exists in, as small badges with the full name for assistive tech. */
export function LanguageBadges({
  languages,
  current,
}: {
  languages: readonly string[];
  current?: string;
}) {
  const { t } = useTranslation('archive');
  return (
    <ul className="kf-plain-list kf-badge-row" aria-label={t('item.languages')}>
      {languages.map((lang) => (
        <li key={lang}>
          <PlainBadge
            shape="square"
            tone={lang === current ? 'filled' : 'primary'}
            title={t(`languages.${lang}`)}
            aria-label={t(`languages.${lang}`)}
          >
            {lang.toUpperCase()}
          </PlainBadge>
        </li>
      ))}
    </ul>
  );
}
