import '@/shared/faces/faces.css';
import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { buildPath, ITEM_TYPES, routes, type Portrait } from '@kinfolio/contract';
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useDateFormat } from '@/shared/content/dates';
import { faceQueries } from '@/shared/faces/api';
import { useTranslation } from '@/shared/i18n/react';
import { ListPager } from '@/shared/content/ListPager';
import { PageTitle } from '@/shared/ui';
import { FamilySection } from '@/shared/family/FamilySection';
import { LifeSection } from '@/shared/family/LifeSection';
import { PortraitDialog } from '@/shared/family/PortraitDialog';
import '@/shared/family/family.css';
import { lifeSpan, yearOf } from '@/shared/family/lifeDate';
import { byPeriod, type Period } from '@/shared/family/periods';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { itemListHref, itemProfileHref, usePerson, type TimelineEntry } from '../person';

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

/** A period's heading: "Youth (13–24 years)", "The 1950s", "Undated". */
function periodTitle(period: Period, t: (key: string, values?: Record<string, unknown>) => string) {
  if (period.kind === 'decade') return t('family:periods.decade', { decade: period.decade });
  const name = t(`family:periods.${period.kind}`);
  if (!period.ages) return name;
  const ages =
    period.ages.to === null
      ? t('family:periods.from', { from: period.ages.from })
      : t('family:periods.ages', { from: period.ages.from, to: period.ages.to });
  return `${name} (${ages})`;
}

/** A portrait as shown: a face's own crop, or the whole picture's thumbnail. */
const portraitSrc = (portrait: Portrait) =>
  portrait.face_id === null
    ? portrait.thumbnail_url
    : buildPath(routes.faceCrop.path, { id: portrait.face_id });

/**
 * `/people/{id}`: one person — their portrait or face, their life and family, the photos they are
 * in as a grid, then everything of theirs (items of every type, records) by period of their life.
 */
export default function PersonPage() {
  const { t } = useTranslation(['faces', 'archive', 'family']);
  const language = useUiLanguage();
  const { id: param } = useParams({ from: '/people/$id' });
  const id = Number(param);
  // The photos' page, by person: another person opens on their first.
  const [photoPage, setPhotoPage] = useState({ id, page: 1 });
  const page = photoPage.id === id ? photoPage.page : 1;
  const person = usePerson(id, page);
  const card = useQuery(faceQueries.people()).data?.find((p) => p.id === id);
  const name = person.participant.data?.name ?? '';
  const photos = person.photos.data?.data ?? [];
  const photoPages = person.photos.data?.meta.last_page ?? 1;
  const life = person.participant.data?.life;
  const periods = byPeriod(person.entries, yearOf(life?.birth?.date), yearOf(life?.death?.date));
  const span = life ? lifeSpan(life, language) : '';
  const portrait = (life?.portrait && portraitSrc(life.portrait)) ?? card?.face.crop_url ?? null;
  const canEdit = useCan('content.edit');
  const [choosing, setChoosing] = useState(false);

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
        {portrait ? <img className="kf-face-crop kf-person-face" src={portrait} alt="" /> : null}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <PageTitle mb={0} dir="auto">
            {name}
          </PageTitle>
          {span ? (
            <Text size="sm" fw={600}>
              {span}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('person.summary', { count: person.participant.data.count })}
            {card ? ` · ${t('people.photos', { count: card.photos })}` : ''}
          </Text>
          {canEdit ? (
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => setChoosing(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('family:portrait.choose')}
            </Button>
          ) : null}
        </Stack>
      </Group>
      <PortraitDialog
        person={person.participant.data}
        opened={choosing}
        onClose={() => setChoosing(false)}
      />

      <LifeSection person={person.participant.data} />
      <FamilySection person={{ id, name }} />

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
            {person.photos.isPending ? t('person.loading') : t('person.noPhotos')}
          </Text>
        )}
        <Group justify="center" mt="sm">
          <ListPager
            total={photoPages}
            value={Math.min(page, photoPages)}
            onChange={(next) => setPhotoPage({ id, page: next })}
          />
        </Group>
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
          {t('family:periods.title')}
        </Title>
        {periods.length ? (
          <ol className="kf-timeline">
            {periods.map((period) => (
              <li key={period.key}>
                <Text component="h3" fw={700} size="sm" m={0}>
                  {periodTitle(period, t)}
                </Text>
                <Stack gap={4} mt={4}>
                  {period.entries.map((entry) => (
                    <EntryLink key={entry.key} entry={entry} />
                  ))}
                </Stack>
              </li>
            ))}
          </ol>
        ) : null}
        {person.more ? (
          <Button variant="light" mt="sm" onClick={person.more}>
            {t('person.more')}
          </Button>
        ) : null}
        {periods.length ? null : (
          <Text size="sm" c="dimmed">
            {person.loading ? t('person.loading') : t('person.nothing')}
          </Text>
        )}
        {periods.length && person.loading ? (
          <Text size="sm" c="dimmed" role="status">
            {t('person.loading')}
          </Text>
        ) : null}
      </section>
    </Stack>
  );
}
