import '../records.css';
import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_LANGUAGES, isContentLanguage, type RecordEntity } from '@kinfolio/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { titleAttrs } from '@/shared/content/direction';
import { TitleInSentence } from '@/shared/content/TitleInSentence';
import { useCan } from '@/shared/organisation/hooks';
import { EditIcon, HistoryIcon, PageTitle, QueryState, TrashIcon, confirm } from '@/shared/ui';
import { recordQueries } from '../api';
import { AudioParts } from '../components/AudioParts';
import { Mp3Slot } from '../components/Mp3Slot';
import { RecordForm } from '../components/RecordForm';
import { RecordPlayer } from '../components/RecordPlayer';
import { RecordReadView } from '../components/RecordReadView';
import { TranscriptView } from '../components/TranscriptView';
import { useRecordId } from '../hooks';
import { useTrashRecord } from '../mutations';
import { RECORDS_PATH, recordHistoryPath, recordProfilePath } from '../paths';
import { usePartsPlayer } from '../usePartsPlayer';
import { usePlayerShortcuts } from '../usePlayerShortcuts';

/** `/records/{record_id}/profile`, and `/records/profile` for a new record. */
export default function RecordProfilePage() {
  const id = useRecordId();
  return id === undefined ? <NewRecord /> : <ExistingRecord key={id} id={id} />;
}

function BackLink() {
  const { t } = useTranslation('records');
  return (
    <Anchor component={Link} to={RECORDS_PATH} size="sm">
      ← {t('list.title')}
    </Anchor>
  );
}

function NewRecord() {
  const { t } = useTranslation(['records', 'archive']);
  const navigate = useNavigate();
  const canEdit = useCan('records.edit');
  return (
    <Stack gap="sm">
      <BackLink />
      <PageTitle>{t('list.new')}</PageTitle>
      {canEdit ? (
        <RecordForm
          record={null}
          defaultLanguage={CONTENT_LANGUAGES[0]}
          onSaved={(record) => void navigate({ to: recordProfilePath(record.id), replace: true })}
          onCancel={() => void navigate({ to: RECORDS_PATH })}
        />
      ) : (
        <Alert color="yellow">{t('profile.noPermission')}</Alert>
      )}
    </Stack>
  );
}

function ExistingRecord({ id }: { id: number }) {
  const { t } = useTranslation(['records', 'archive']);
  const query = useQuery(recordQueries.single(id));
  return (
    <Stack gap="sm">
      <BackLink />
      <QueryState
        query={query}
        error={t('profile.loadError')}
        loading={
          <>
            <Skeleton height={36} width="60%" radius="sm" />
            <Skeleton height={320} radius="md" />
          </>
        }
      >
        {(record) => <RecordProfile record={record} />}
      </QueryState>
    </Stack>
  );
}

/** The loaded record: read view or edit form around one player shared by both. */
function RecordProfile({ record }: { record: RecordEntity }) {
  const { t } = useTranslation(['records', 'archive']);
  const navigate = useNavigate();
  const trashRecord = useTrashRecord();
  const canEdit = useCan('records.edit');
  const [editing, setEditing] = useState(false);
  const parts = useMemo(
    () => record.files.map((file) => ({ id: file.id, url: file.url, name: file.name })),
    [record.files],
  );
  const player = usePartsPlayer(parts);
  usePlayerShortcuts(player, parts.length > 0);
  const title = record.title || t('archive:item.untitled');

  const trash = () =>
    confirm({
      title: t('profile.deleteTitle'),
      message: (
        <TitleInSentence
          sentence={(value) => t('profile.deleteMessage', { title: value })}
          title={record.title}
          fallback={t('archive:item.untitled')}
          language={record.lang}
        />
      ),
      confirmLabel: t('archive:actions.delete'),
      cancelLabel: t('archive:actions.cancel'),
      onConfirm: () =>
        trashRecord.mutate(record.id, { onSuccess: () => void navigate({ to: RECORDS_PATH }) }),
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle
          mb={0}
          {...titleAttrs(record.title, record.lang)}
          style={{ overflowWrap: 'anywhere', flex: '1 1 20rem' }}
        >
          {title}
        </PageTitle>
        {!editing ? (
          <Group gap="xs">
            {/* Generate / open the MP3: see Mp3Slot. */}
            <Mp3Slot record={record} />
            {record.revisions_count > 0 ? (
              <Button
                component={Link}
                to={recordHistoryPath(record.id)}
                variant="subtle"
                leftSection={<HistoryIcon size={16} />}
              >
                {t('archive:history.open', { count: record.revisions_count })}
              </Button>
            ) : null}
            {canEdit && !record.deleted_at ? (
              <>
                <Button
                  variant="light"
                  leftSection={<EditIcon size={16} />}
                  onClick={() => setEditing(true)}
                >
                  {t('archive:actions.edit')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<TrashIcon size={16} />}
                  onClick={trash}
                >
                  {t('archive:actions.delete')}
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {record.deleted_at ? (
        <Alert color="red" variant="light">
          {t('profile.inTrash')}
        </Alert>
      ) : null}
      {editing ? (
        <RecordForm
          record={record}
          player={player}
          defaultLanguage={isContentLanguage(record.lang) ? record.lang : CONTENT_LANGUAGES[0]}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap="lg">
          <RecordReadView record={record} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="sm" className="kf-player-column">
                <RecordPlayer player={player} />
                <AudioParts record={record} editable={false} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <section aria-labelledby="kf-transcript-title">
                <Title order={2} size="h4" id="kf-transcript-title" mb="xs">
                  {t('fields.rawtranscription')}
                </Title>
                {record.rawtranscription ? (
                  <TranscriptView
                    text={record.rawtranscription}
                    lang={record.lang}
                    time={player.time}
                    playing={player.playing}
                    onSeek={parts.length > 0 ? player.seek : undefined}
                  />
                ) : (
                  <Text c="dimmed" size="sm">
                    {t('transcript.empty')}
                  </Text>
                )}
              </section>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
