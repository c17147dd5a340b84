import {
  Autocomplete,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CONTENT_LANGUAGES,
  recordCreateBody,
  recordUpdateBody,
  type RecordEntity,
} from '@kinfolio/contract';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { textDir } from '@/shared/content/direction';
import { FileDropField } from '@/shared/content/FormParts';
import { ParticipantsInput } from '@/shared/kit/ParticipantsInput';
import { EntityForm, useEntityForm, type EntityFormProps } from '@/shared/entity/EntityForm';
import { PlaceField } from '@/shared/places/PlaceField';
import { recordQueries, recordResource } from '../api';
import {
  createRecordBody,
  initialRecordValues,
  RECORD_FORM_FIELDS,
  updateRecordBody,
} from '../formValues';
import { clock, insertTimeCode } from '../timeCodes';
import type { PartsPlayer } from '../usePartsPlayer';
import { AudioParts } from './AudioParts';
import { RecordPlayer } from './RecordPlayer';

const AUDIO_ONLY = ['audio/*'] as const;

/** The server's word on the place or one of its parts (`place.latitude`, `place.name`). */
const placeError = (errors: Record<string, unknown>) => {
  const key = Object.keys(errors).find((name) => name === 'place' || name.startsWith('place.'));
  return key ? String(errors[key]) : undefined;
};

interface RecordFormProps extends EntityFormProps<RecordEntity> {
  /** The record's player (editing only): time codes are typed from it. */
  player?: PartsPlayer;
}

/** Create and edit form of a record, with its audio parts and the time-coded transcript. */
export function RecordForm({ player, ...props }: RecordFormProps) {
  const record = props.entity;
  const { defaultLanguage } = props;
  const { t } = useTranslation(['records', 'archive']);
  const id = useId();
  const transcript = useRef<HTMLTextAreaElement>(null);
  const initial = useMemo(
    () => initialRecordValues(record, defaultLanguage),
    [record, defaultLanguage],
  );
  const state = useEntityForm({
    entity: record,
    initialValues: initial,
    fields: RECORD_FORM_FIELDS,
    create: { body: createRecordBody, schema: recordCreateBody },
    update: { body: (values) => updateRecordBody(values, initial), schema: recordUpdateBody },
    useSave: recordResource.useSave,
    onSaved: props.onSaved,
  });
  const { form, setUploads } = state;

  const owners = useQuery(recordQueries.owners());

  /** Types the player's time at the cursor of the transcript (Alt+T or the button). */
  const insertTime = () => {
    const area = transcript.current;
    if (!player || !area) return;
    const { text, cursor } = insertTimeCode(
      form.values.rawtranscription,
      area.selectionStart,
      area.selectionEnd,
      player.currentTime(),
    );
    form.setFieldValue('rawtranscription', text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(cursor, cursor);
    });
  };

  const lang = form.values.lang;
  const dir = textDir(lang);
  const text = (field: 'summary' | 'info', rows: number) => (
    <Textarea
      label={t(`fields.${field}`)}
      autosize
      minRows={rows}
      maxRows={12}
      lang={lang}
      dir={dir}
      {...form.getInputProps(field)}
    />
  );

  return (
    <EntityForm state={state} onCancel={props.onCancel}>
      <TextInput label={t('fields.title')} lang={lang} dir={dir} {...form.getInputProps('title')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput label={t('fields.number')} {...form.getInputProps('number')} />
        <TextInput
          label={t('fields.face')}
          description={t('fields.faceHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('face')}
        />
        <Select
          label={t('fields.lang')}
          data={CONTENT_LANGUAGES.map((value) => ({
            value,
            label: t(`archive:languages.${value}`),
          }))}
          allowDeselect={false}
          {...form.getInputProps('lang')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Autocomplete
          label={t('fields.owner')}
          description={t('fields.ownerHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={owners.data ?? []}
          {...form.getInputProps('owner')}
        />
        <TextInput
          type="date"
          label={t('fields.registration_date')}
          {...form.getInputProps('registration_date')}
        />
        <TextInput label={t('fields.location')} {...form.getInputProps('location')} />
      </SimpleGrid>
      <PlaceField
        value={form.values.place}
        onChange={(place) => form.setFieldValue('place', place)}
        error={placeError(form.errors)}
      />
      <ParticipantsInput
        label={t('fields.people')}
        description={t('fields.peopleHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('people')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('summary', 3)}
        {text('info', 3)}
      </SimpleGrid>
      {/* Player, transcript, parts: stacked on phones; wider, the transcript beside the others. */}
      <div className="kf-record-edit-grid">
        {record && player ? (
          <div className="kf-area-player">
            <RecordPlayer player={player} editing />
          </div>
        ) : null}
        <Stack gap={6} className="kf-area-transcript">
          <Textarea
            ref={transcript}
            label={t('fields.rawtranscription')}
            description={t('transcript.hint')}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            autosize
            minRows={10}
            maxRows={24}
            lang={lang}
            dir={dir}
            className="kf-transcript-input"
            {...form.getInputProps('rawtranscription')}
            onKeyDown={(event) => {
              if (event.altKey && event.code === 'KeyT' && !event.ctrlKey && !event.metaKey) {
                event.preventDefault();
                insertTime();
              }
            }}
          />
          {player && player.parts.length > 0 ? (
            <Group justify="flex-end">
              <Button
                variant="light"
                size="xs"
                onClick={insertTime}
                disabled={!player.ready}
                aria-keyshortcuts="Alt+T"
              >
                {t('transcript.insert', { time: clock(player.time) })}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Stack gap="sm" className="kf-area-parts">
          {record ? <AudioParts record={record} editable /> : null}
          <FileDropField
            inputId={`${id}-files`}
            label={t('parts.add')}
            description={t('parts.addHint')}
            onChange={setUploads}
            accept={AUDIO_ONLY}
          />
        </Stack>
      </div>
    </EntityForm>
  );
}
