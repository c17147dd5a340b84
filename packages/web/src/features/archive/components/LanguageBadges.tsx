import { Badge, Group } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

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
    <Group gap={4} component="ul" className="kf-plain-list" aria-label={t('item.languages')}>
      {languages.map((lang) => (
        <li key={lang}>
          <Badge
            size="sm"
            radius="sm"
            variant={lang === current ? 'filled' : 'light'}
            title={t(`languages.${lang}`)}
            aria-label={t(`languages.${lang}`)}
          >
            {lang.toUpperCase()}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
