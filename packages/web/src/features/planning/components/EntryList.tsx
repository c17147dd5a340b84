import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { PlanningEntry } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { titleAttrs } from '@/shared/content/direction';
import { entryPath } from '../planningSearch';

/** Dated items and records, each a link to its profile, with its type and a line of its text. */
export function EntryList({ entries, label }: { entries: PlanningEntry[]; label: string }) {
  const { t } = useTranslation(['planning', 'archive']);
  return (
    <ul className="kf-planning-entries" aria-label={label}>
      {entries.map((entry) => (
        <li key={`${entry.type}-${entry.id}`} className="kf-planning-entry">
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Badge variant="light" size="sm" className="kf-planning-kind" style={{ flexShrink: 0 }}>
              {t(`archive:types.${entry.type}.singular`)}
            </Badge>
            <Anchor
              component={Link}
              to={entryPath(entry.type, entry.id)}
              fw={600}
              className="kf-planning-entry-title"
              {...titleAttrs(entry.title, entry.language)}
            >
              {entry.title || t('archive:item.untitled')}
            </Anchor>
          </Group>
          {entry.preview ? (
            <Text size="sm" c="dimmed" lineClamp={2} {...titleAttrs(entry.preview, entry.language)}>
              {entry.preview}
            </Text>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
