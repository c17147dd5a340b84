import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { RecordEntity, RecordSegment } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { textDir } from '@/shared/content/direction';
import { clock } from '../timeCodes';
import { useSegmentName } from './SegmentIndex';

/**
 * "Index only": the record's segments to read, one after the other, each with its time, title,
 * synopsis, keywords, people heard and transcript; a time opens the player there.
 */
export function SegmentReading({
  record,
  segments,
  onListen,
}: {
  record: RecordEntity;
  segments: RecordSegment[];
  /** Back to the player, at this moment; absent without audio. */
  onListen?: (at: number) => void;
}) {
  const { t } = useTranslation('records');
  const name = useSegmentName();
  if (segments.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('segments.emptyReader')}
      </Text>
    );
  }
  const dir = textDir(record.lang);
  return (
    <Stack gap="lg" component="ol" className="kf-plain-list kf-index-reading">
      {segments.map((segment) => (
        <li key={segment.id}>
          <article aria-labelledby={`kf-reading-${segment.id}`}>
            <Group gap="xs" wrap="nowrap" align="baseline">
              {onListen ? (
                <Anchor
                  component="button"
                  type="button"
                  ff="monospace"
                  size="sm"
                  dir="ltr"
                  onClick={() => onListen(segment.start)}
                  aria-label={t('segments.listenFrom', { time: clock(segment.start) })}
                >
                  {clock(segment.start)}
                </Anchor>
              ) : (
                <Text span ff="monospace" size="sm" dir="ltr">
                  {clock(segment.start)}
                </Text>
              )}
              <Title
                order={3}
                size="h5"
                id={`kf-reading-${segment.id}`}
                lang={record.lang}
                dir={dir}
              >
                {name(segment)}
              </Title>
            </Group>
            {segment.synopsis ? (
              <Text size="sm" mt={4} className="kf-record-prose" lang={record.lang} dir={dir}>
                {segment.synopsis}
              </Text>
            ) : null}
            {segment.keywords.length > 0 || segment.participants.length > 0 ? (
              <Group gap={4} mt={6}>
                {segment.keywords.map((keyword) => (
                  <Badge key={keyword} variant="light" radius="sm" tt="none" lang={record.lang}>
                    {keyword}
                  </Badge>
                ))}
                {segment.participants.map((person) => (
                  <Badge key={person.id} variant="outline" radius="xl" tt="none">
                    {person.name}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {segment.transcript ? (
              <Text
                size="sm"
                mt={6}
                className="kf-record-prose kf-dimmed"
                lang={record.lang}
                dir={dir}
              >
                {segment.transcript}
              </Text>
            ) : null}
          </article>
        </li>
      ))}
    </Stack>
  );
}
