import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ParticipantDetail, ParticipantUpdateBody } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { Dialog, FormAlert } from '@/shared/ui';
import { familyQueries, useSaveLife } from './api';

interface PortraitDialogProps {
  person: ParticipantDetail;
  opened: boolean;
  onClose: () => void;
}

interface Choice {
  key: string;
  src: string;
  label: string;
  portrait: NonNullable<ParticipantUpdateBody['portrait']>;
  current: boolean;
}

function ChoiceGrid({
  choices,
  disabled,
  onChoose,
}: {
  choices: Choice[];
  disabled: boolean;
  onChoose: (choice: Choice) => void;
}) {
  return (
    <ul className="kf-portrait-choices">
      {choices.map((choice) => (
        <li key={choice.key}>
          <button
            type="button"
            className="kf-portrait-choice"
            aria-label={choice.label}
            aria-pressed={choice.current}
            disabled={disabled}
            onClick={() => onChoose(choice)}
          >
            <img src={choice.src} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Chooses a person's portrait: one of the faces named as them (the largest first), or one of the
 * pictures they are in; or none. Saved at once with the person's life.
 */
export function PortraitDialog({ person, opened, onClose }: PortraitDialogProps) {
  const { t } = useTranslation('family');
  const choices = useQuery({ ...familyQueries.portraits(person.id), enabled: opened });
  const save = useSaveLife();
  const [error, setError] = useState<unknown>(null);
  const current = person.life.portrait;

  const choose = async (portrait: ParticipantUpdateBody['portrait']) => {
    setError(null);
    try {
      await save.mutateAsync({ id: person.id, body: { portrait } });
      onClose();
    } catch (failure) {
      setError(failure);
    }
  };

  const data = choices.data;
  const faces: Choice[] = (data?.faces ?? []).map((face, index) => ({
    key: `face-${face.id}`,
    src: face.crop_url,
    label: t('portrait.face', { n: index + 1, name: person.name }),
    portrait: { face_id: face.id },
    current: current?.face_id === face.id,
  }));
  const pictures: Choice[] = (data?.pictures ?? []).map((picture) => ({
    key: `file-${picture.file_id}`,
    src: picture.thumbnail_url,
    label: picture.title || t('portrait.picture'),
    portrait: { file_id: picture.file_id },
    current: current !== null && current.face_id === null && current.file_id === picture.file_id,
  }));
  const busy = save.isPending;

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('portrait.title', { name: person.name })}
      size="lg"
    >
      <Stack gap="md">
        <FormAlert message={error} />
        {choices.isPending ? <Loader size="sm" aria-label={t('portrait.loading')} /> : null}
        {choices.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('portrait.error')}
          </Text>
        ) : null}
        {data ? (
          <>
            <section aria-labelledby="kf-portrait-faces">
              <Title order={3} size="h5" id="kf-portrait-faces" mb={6}>
                {t('portrait.faces')}
              </Title>
              {faces.length ? (
                <ChoiceGrid
                  choices={faces}
                  disabled={busy}
                  onChoose={(c) => void choose(c.portrait)}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('portrait.noFaces')}
                </Text>
              )}
            </section>
            <section aria-labelledby="kf-portrait-pictures">
              <Title order={3} size="h5" id="kf-portrait-pictures" mb={6}>
                {t('portrait.pictures')}
              </Title>
              {pictures.length ? (
                <ChoiceGrid
                  choices={pictures}
                  disabled={busy}
                  onChoose={(c) => void choose(c.portrait)}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('portrait.noPictures')}
                </Text>
              )}
            </section>
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {current ? (
            <Button variant="light" color="red" onClick={() => void choose(null)} loading={busy}>
              {t('portrait.clear')}
            </Button>
          ) : null}
          <Button variant="subtle" onClick={onClose}>
            {t('portrait.close')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
