import { Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  SEXES,
  type LifeDate,
  type LifeEvent,
  type ParticipantDetail,
  type ParticipantUpdateBody,
  type PlaceValue,
} from '@kinfolio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { PlaceField } from '@/shared/places/PlaceField';
import { Dialog, DialogActions, FormAlert } from '@/shared/ui';
import { useSaveLife } from './api';
import { formatLifeDate } from './lifeDate';
import { LifeDateField } from './LifeDateField';

interface EventDraft {
  date: LifeDate | null;
  place: PlaceValue | null;
}

const eventDraft = (event: LifeEvent | null): EventDraft => ({
  date: event?.date ?? null,
  place: event?.place
    ? { name: event.place.name, latitude: event.place.latitude, longitude: event.place.longitude }
    : null,
});

const eventBody = (draft: EventDraft) =>
  draft.date || draft.place ? { date: draft.date, place: draft.place } : null;

/** "about 1948, Roma": a birth or a death as a line; '' when nothing is known of it. */
export function eventText(event: LifeEvent | null, language: string): string {
  const date = event?.date ? formatLifeDate(event.date, language) : '';
  const place = event?.place?.name ?? '';
  return [date, place].filter(Boolean).join(', ');
}

function LifeForm({ person, onClose }: { person: ParticipantDetail; onClose: () => void }) {
  const { t } = useTranslation(['family', 'common']);
  const life = person.life;
  const save = useSaveLife();
  const [error, setError] = useState<unknown>(null);
  const [givenNames, setGivenNames] = useState(life.given_names ?? '');
  const [surname, setSurname] = useState(life.surname ?? '');
  const [sex, setSex] = useState<string | null>(life.sex);
  const [birth, setBirth] = useState(eventDraft(life.birth));
  const [death, setDeath] = useState(eventDraft(life.death));
  const [biography, setBiography] = useState(life.biography ?? '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const body: ParticipantUpdateBody = {
      given_names: givenNames.trim() || null,
      surname: surname.trim() || null,
      sex: (sex as ParticipantUpdateBody['sex']) ?? null,
      birth: eventBody(birth),
      death: eventBody(death),
      biography: biography.trim() ? biography : null,
    };
    try {
      await save.mutateAsync({ id: person.id, body });
      onClose();
    } catch (failure) {
      setError(failure);
    }
  };

  const eventFields = (
    key: 'birth' | 'death',
    draft: EventDraft,
    setDraft: (next: EventDraft) => void,
  ) => (
    <Stack gap="xs">
      <LifeDateField
        legend={t(`life.${key}`)}
        value={draft.date}
        onChange={(date) => setDraft({ ...draft, date })}
      />
      <PlaceField value={draft.place} onChange={(place) => setDraft({ ...draft, place })} />
    </Stack>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label={t('life.givenNames')}
            value={givenNames}
            onChange={(event) => setGivenNames(event.currentTarget.value)}
            style={{ minWidth: '12rem' }}
          />
          <TextInput
            label={t('life.surname')}
            value={surname}
            onChange={(event) => setSurname(event.currentTarget.value)}
            style={{ minWidth: '12rem' }}
          />
        </Group>
        <Select
          label={t('life.sex')}
          data={SEXES.map((value) => ({ value, label: t(`life.sexes.${value}`) }))}
          value={sex}
          onChange={setSex}
          clearable
          comboboxProps={{ withinPortal: false }}
        />
        {eventFields('birth', birth, setBirth)}
        {eventFields('death', death, setDeath)}
        <Textarea
          label={t('life.biography')}
          value={biography}
          onChange={(event) => setBiography(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={12}
        />
        <DialogActions
          cancelLabel={t('common:actions.cancel')}
          onCancel={onClose}
          label={t('life.save')}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}

/**
 * A person's life on their page: names, birth and death with their places, sex, biography and
 * portrait; editors change it in a dialog.
 */
export function LifeSection({ person }: { person: ParticipantDetail }) {
  const { t } = useTranslation('family');
  const language = useUiLanguage();
  const canEdit = useCan('content.edit');
  const [editing, setEditing] = useState(false);
  const life = person.life;
  const facts: [string, string][] = [
    [t('life.givenNames'), life.given_names ?? ''],
    [t('life.surname'), life.surname ?? ''],
    [t('life.birth'), eventText(life.birth, language)],
    [t('life.death'), eventText(life.death, language)],
    [t('life.sex'), life.sex ? t(`life.sexes.${life.sex}`) : ''],
  ];
  const known = facts.filter(([, value]) => value);

  return (
    <section aria-labelledby="kf-person-life">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id="kf-person-life">
          {t('life.title')}
        </Title>
        {canEdit ? (
          <Button variant="light" size="compact-sm" onClick={() => setEditing(true)}>
            {t('life.edit')}
          </Button>
        ) : null}
      </Group>
      {known.length || life.biography ? (
        <Stack gap="sm">
          {known.length ? (
            <dl className="kf-life-facts">
              {known.map(([label, value]) => (
                <div key={label} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd dir="auto">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {life.biography ? (
            <Text size="sm" className="kf-biography" dir="auto">
              {life.biography}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('life.none')}
        </Text>
      )}
      <Dialog
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('life.editTitle', { name: person.name })}
        size="lg"
      >
        {editing ? <LifeForm person={person} onClose={() => setEditing(false)} /> : null}
      </Dialog>
    </section>
  );
}
