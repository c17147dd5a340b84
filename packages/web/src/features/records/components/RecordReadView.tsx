import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { RecordEntity } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import { textDir } from '@/shared/content/direction';
import { RECORDS_PATH } from '@/shared/recordPaths';
import { PlaceSummary, PlaceText } from '@/shared/places/PlaceSummary';

/** A record's description: its identifying fields, the people heard, summary and notes. */
export function RecordReadView({ record }: { record: RecordEntity }) {
  const { t } = useTranslation(['records', 'archive']);
  const formatDate = useDateFormat();
  const none = t('archive:item.none');
  const field = (label: string, value: ReactNode) => (
    <div>
      <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </div>
  );
  const prose = (label: string, value: string) =>
    value ? (
      <section>
        <Title order={2} size="h5" mb={4}>
          {label}
        </Title>
        <Text size="sm" className="kf-record-prose" lang={record.lang} dir={textDir(record.lang)}>
          {value}
        </Text>
      </section>
    ) : null;
  return (
    <Stack gap="md">
      <dl className="kf-fields">
        {field(t('fields.number'), record.number || none)}
        {field(t('fields.face'), record.face || none)}
        {field(
          t('fields.lang'),
          t(`archive:languages.${record.lang}`, { defaultValue: record.lang }),
        )}
        {field(
          t('fields.owner'),
          record.owner ? (
            <Anchor
              renderRoot={(props) => (
                <Link to={RECORDS_PATH} search={{ owner: record.owner }} {...props} />
              )}
              inherit
            >
              {record.owner}
            </Anchor>
          ) : (
            none
          ),
        )}
        {field(
          t('fields.registration_date'),
          record.registration_date ? (
            <time dateTime={record.registration_date}>{formatDate(record.registration_date)}</time>
          ) : (
            t('fields.unknownDate')
          ),
        )}
        {field(t('fields.location'), record.location || none)}
        {record.place ? field(t('fields.place'), <PlaceText place={record.place} />) : null}
      </dl>
      <div>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" id="kf-record-people">
          {t('fields.people')}
        </Text>
        {record.people.length ? (
          <Group
            gap={6}
            mt={4}
            component="ul"
            className="kf-plain-list"
            aria-labelledby="kf-record-people"
          >
            {record.people.map((person) => (
              <li key={person.id}>
                <Badge
                  renderRoot={(props) => (
                    <Link to={RECORDS_PATH} search={{ participant: person.id }} {...props} />
                  )}
                  variant="light"
                  radius="xl"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                >
                  {person.name}
                </Badge>
              </li>
            ))}
          </Group>
        ) : (
          <Text size="sm">{none}</Text>
        )}
      </div>
      {prose(t('fields.summary'), record.summary)}
      {prose(t('fields.info'), record.info)}
      {record.place ? (
        <PlaceSummary
          place={record.place}
          entry={{ type: 'record', id: record.id, title: record.title }}
        />
      ) : null}
    </Stack>
  );
}
