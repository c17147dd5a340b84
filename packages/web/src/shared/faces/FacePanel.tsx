import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Face } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { CheckIcon, ErrorIcon, TrashIcon } from '@/shared/ui';
import { useDeleteFace, useNameFace, useRejectFace } from './api';
import { PersonPicker } from './PersonPicker';

interface FacePanelProps {
  face: Face;
  /** May name, reject and remove faces (`content.edit`). */
  editable: boolean;
  /** After the face was removed ("not a face"). */
  onGone: () => void;
}

/** Confirms a face's suggestion (the `y` key does it too). */
export function useFaceAnswers(face: Face | undefined) {
  const name = useNameFace();
  const reject = useRejectFace();
  const busy = name.isPending || reject.isPending;
  return {
    busy,
    confirm: () => {
      if (face?.suggestion && !busy)
        name.mutate({ id: face.id, participantId: face.suggestion.id });
    },
    reject: () => {
      if (face?.suggestion && !busy)
        reject.mutate({ id: face.id, participantId: face.suggestion.id });
    },
    name: (participantId: number | null) => face && name.mutate({ id: face.id, participantId }),
  };
}

/** What can be said about one face: who it is, whether the suggestion is right, or no face at all. */
export function FacePanel({ face, editable, onGone }: FacePanelProps) {
  const { t } = useTranslation('faces');
  const answers = useFaceAnswers(face);
  const remove = useDeleteFace();
  const person = face.participant;
  return (
    <Stack gap="xs" className="kf-face-panel" aria-live="polite">
      {person ? (
        <Text size="sm">
          {t('panel.named')}{' '}
          <Anchor component={Link} to={`/people/${person.id}`} fw={600}>
            {person.name}
          </Anchor>
        </Text>
      ) : face.suggestion ? (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('panel.suggestion', { name: face.suggestion.name })}
          </Text>
          {editable ? (
            <Group gap="xs">
              <Button
                size="sm"
                leftSection={<CheckIcon size={16} />}
                onClick={answers.confirm}
                loading={answers.busy}
                aria-keyshortcuts="y"
              >
                {t('panel.yes')}
              </Button>
              <Button
                size="sm"
                variant="default"
                leftSection={<ErrorIcon size={16} />}
                onClick={answers.reject}
                disabled={answers.busy}
                aria-keyshortcuts="n"
              >
                {t('panel.no', { name: face.suggestion.name })}
              </Button>
            </Group>
          ) : null}
          {editable ? (
            <Text size="xs" c="dimmed" className="kf-keys-hint">
              {t('panel.keys')}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm">{t('panel.unknown')}</Text>
      )}
      {editable && !person ? (
        <PersonPicker label={t('panel.who')} onPick={(id) => answers.name(id)} />
      ) : null}
      {editable ? (
        <Group gap="xs">
          {person ? (
            <Button size="compact-sm" variant="default" onClick={() => answers.name(null)}>
              {t('panel.unname', { name: person.name })}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<TrashIcon size={14} />}
            loading={remove.isPending}
            onClick={() => remove.mutate(face.id, { onSuccess: onGone })}
          >
            {t('panel.notAFace')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
