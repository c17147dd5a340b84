import '@/shared/faces/faces.css';
import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ITEM_TYPES } from '@kinfolio/contract';
import { Link, useParams } from '@tanstack/react-router';
import { useDateFormat } from '@/shared/content/dates';
import { faceQueries } from '@/shared/faces/api';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle } from '@/shared/ui';
import { byYear, itemListHref, itemProfileHref, usePerson, type TimelineEntry } from '../person';

function EntryLink({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation(['faces', 'archive']);
  const formatDate = useDateFormat();
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" miw="7.5rem">
        {entry.date ? <time dateTime={entry.date}>{formatDate(entry.date)}</time> : null}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={entry.href} dir="auto">
          {entry.title || t('archive:item.untitled')}
        </Anchor>{' '}
        <Text span size="xs" c="dimmed">
          · {t(`archive:types.${entry.kind}.singular`)}
        </Text>
      </Text>
    </Group>
  );
}

/**
 * `/people/{id}`: one person — their face, the photos they are in as a grid, then everything of
 * theirs (items of every type, records) as a timeline by year.
 */
export default function PersonPage() {
  const { t } = useTranslation(['faces', 'archive']);
  const { id: param } = useParams({ from: '/people/$id' });
  const id = Number(param);
  const person = usePerson(id);
  const card = useQuery(faceQueries.people()).data?.find((p) => p.id === id);
  const name = person.participant.data?.name ?? '';
  const photos = person.byType.media?.data ?? [];
  const years = byYear(person.entries);

  if (person.participant.isPending) return <Skeleton height={240} radius="md" />;
  if (!person.participant.data)
    return (
      <Text role="alert" c="red">
        {t('person.error')}
      </Text>
    );

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        {card ? (
          <img className="kf-face-crop kf-person-face" src={card.face.crop_url} alt="" />
        ) : null}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <PageTitle mb={0} dir="auto">
            {name}
          </PageTitle>
          <Text size="sm" c="dimmed">
            {t('person.summary', { count: person.participant.data.count })}
            {card ? ` · ${t('people.photos', { count: card.photos })}` : ''}
          </Text>
        </Stack>
      </Group>

      <section aria-labelledby="kf-person-photos">
        <Title order={2} size="h4" id="kf-person-photos" mb="xs">
          {t('person.photos', { count: person.byType.media?.meta.total ?? 0 })}
        </Title>
        {photos.length ? (
          <ul className="kf-person-photos">
            {photos.map((row) => (
              <li key={row.id}>
                <Link
                  to={itemProfileHref('media', row.id)}
                  aria-label={row.title || t('archive:item.untitled')}
                >
                  {row.thumbnail_url ? (
                    <img src={row.thumbnail_url} alt="" loading="lazy" />
                  ) : (
                    <span className="kf-person-photo-empty" dir="auto">
                      {row.title}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {person.loading ? t('person.loading') : t('person.noPhotos')}
          </Text>
        )}
      </section>

      <section aria-labelledby="kf-person-kinds">
        <Title order={2} size="h4" id="kf-person-kinds" mb="xs">
          {t('person.everything')}
        </Title>
        <Group gap="xs">
          {ITEM_TYPES.map((type) => (
            <Anchor
              key={type}
              size="sm"
              className="kf-person-kind"
              renderRoot={(props) => (
                // Every type's list takes the same search; the router types one of them.
                <Link {...props} to={itemListHref(type) as '/posts'} search={{ participant: id }} />
              )}
            >
              {t(`archive:types.${type}.plural`)} ({person.byType[type]?.meta.total ?? 0})
            </Anchor>
          ))}
          <Anchor
            size="sm"
            className="kf-person-kind"
            renderRoot={(props) => <Link {...props} to="/records" search={{ participant: id }} />}
          >
            {t('archive:types.record.plural')} ({person.records?.meta.total ?? 0})
          </Anchor>
        </Group>
      </section>

      <section aria-labelledby="kf-person-timeline">
        <Title order={2} size="h4" id="kf-person-timeline" mb="xs">
          {t('person.timeline')}
        </Title>
        {years.length ? (
          <ol className="kf-timeline">
            {years.map(([year, entries]) => (
              <li key={year ?? 'undated'}>
                <Text component="h3" fw={700} size="sm" m={0}>
                  {year ?? t('person.undated')}
                </Text>
                <Stack gap={4} mt={4}>
                  {entries.map((entry) => (
                    <EntryLink key={entry.key} entry={entry} />
                  ))}
                </Stack>
              </li>
            ))}
          </ol>
        ) : (
          <Text size="sm" c="dimmed">
            {person.loading ? t('person.loading') : t('person.nothing')}
          </Text>
        )}
      </section>
    </Stack>
  );
}
