import '../records.css';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { CONTENT_LANGUAGES, isContentLanguage, type RecordEntity } from '@kinfolio/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { ViewSwitch } from '@/shared/ui';
import { useTranslation } from '@/shared/i18n/react';
import {
  EntityNewPage,
  EntityProfilePage,
  type ProfileBodyProps,
} from '@/shared/entity/EntityProfilePage';
import { AudioParts } from '../components/AudioParts';
import { Mp3Slot } from '../components/Mp3Slot';
import { RecordForm } from '../components/RecordForm';
import { RecordPlayer } from '../components/RecordPlayer';
import { RecordReadView } from '../components/RecordReadView';
import { TranscriptView } from '../components/TranscriptView';
import { useRecordId } from '../hooks';
import { RECORDS_PATH, recordProfilePath } from '@/shared/recordPaths';
import { RECORD_DEFINITION } from '../recordEntity';
import { usePartsPlayer } from '../usePartsPlayer';
import { usePlayerShortcuts } from '../usePlayerShortcuts';
import { segmentQueries } from '../segments/api';
import type { RecordProfileSearch } from '../segments/playAt';
import { SegmentIndex } from '../segments/SegmentIndex';
import { SegmentReading } from '../segments/SegmentReading';
import { SegmentRegions } from '../segments/SegmentRegions';

/** `/records/{record_id}/profile`, and `/records/profile` for a new record. */
export default function RecordProfilePage() {
  const id = useRecordId();
  return id === undefined ? <NewRecord /> : <EntityProfilePage key={id} id={id} {...PROFILE} />;
}

/** A record's screen: the MP3 among its actions, its player shared by the read view and the form. */
const PROFILE = { definition: RECORD_DEFINITION, Body: RecordBody, Actions: Mp3Actions };

function NewRecord() {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  return (
    <EntityNewPage definition={RECORD_DEFINITION} title={t('list.new')}>
      <RecordForm
        entity={null}
        defaultLanguage={CONTENT_LANGUAGES[0]}
        onSaved={(record) => void navigate({ to: recordProfilePath(record.id), replace: true })}
        onCancel={() => void navigate({ to: RECORDS_PATH })}
      />
    </EntityNewPage>
  );
}

/** Generate or open the record's MP3 (see Mp3Slot). */
function Mp3Actions({ entity }: { entity: RecordEntity }) {
  return <Mp3Slot record={entity} />;
}

/** How the record reads: player, index and transcript, or its index alone. */
type RecordView = 'listen' | 'index';

/** A loaded record: read view or edit form around one player shared by both. */
function RecordBody({ entity: record, editing, onDone }: ProfileBodyProps<RecordEntity>) {
  const { t } = useTranslation('records');
  const parts = useMemo(
    () => record.files.map((file) => ({ id: file.id, url: file.url, name: file.name })),
    [record.files],
  );
  const player = usePartsPlayer(parts);
  usePlayerShortcuts(player, parts.length > 0);
  const segments = useQuery(segmentQueries.list(record.id)).data ?? [];
  const [view, setView] = useState<RecordView>('listen');
  const { t: startAt } = useSearch({ strict: false }) as RecordProfileSearch;
  const { seek } = player;

  // A search hit's moment: the player starts there (applied once the parts are read).
  useEffect(() => {
    if (startAt !== undefined) seek(startAt);
  }, [startAt, seek]);

  if (editing) {
    return (
      <RecordForm
        entity={record}
        player={player}
        defaultLanguage={isContentLanguage(record.lang) ? record.lang : CONTENT_LANGUAGES[0]}
        onSaved={onDone}
        onCancel={onDone}
      />
    );
  }
  const hasAudio = parts.length > 0;
  return (
    <Stack gap="lg">
      <RecordReadView record={record} />
      {segments.length > 0 ? (
        <ViewSwitch<RecordView>
          value={view}
          onChange={setView}
          aria-label={t('segments.view.label')}
          data={[
            { value: 'listen', label: t('segments.view.listen') },
            { value: 'index', label: t('segments.view.index') },
          ]}
          fullWidthOnPhone
        />
      ) : null}
      {view === 'index' && segments.length > 0 ? (
        <SegmentReading
          record={record}
          segments={segments}
          onListen={
            hasAudio
              ? (at) => {
                  setView('listen');
                  seek(at);
                }
              : undefined
          }
        />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm" className="kf-player-column">
              <RecordPlayer
                player={player}
                regions={<SegmentRegions segments={segments} player={player} />}
                withSegments={segments.length > 0}
              />
              <AudioParts record={record} editable={false} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <SegmentIndex record={record} player={player} segments={segments} />
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
                    onSeek={hasAudio ? player.seek : undefined}
                  />
                ) : (
                  <Text c="dimmed" size="sm">
                    {t('transcript.empty')}
                  </Text>
                )}
              </section>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
