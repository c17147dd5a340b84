import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { participantCreateBody, participantDivideBody, type Participant } from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { isApiError } from '@/shared/api/client';
import { DialogActions, DialogForm, FormAlert, Dialog } from '@/shared/ui';

interface DialogProps {
  onClose: () => void;
}

/** Create (no participant) or rename one participant. */
export function ParticipantNameModal({
  participant,
  opened,
  onClose,
  onSubmit,
}: DialogProps & {
  opened: boolean;
  participant: Participant | null;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('organisation');
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={participant ? t('participants.renameTitle') : t('participants.createTitle')}
    >
      {opened ? <NameForm participant={participant} onClose={onClose} onSubmit={onSubmit} /> : null}
    </Dialog>
  );
}

function NameForm({
  participant,
  onClose,
  onSubmit,
}: DialogProps & {
  participant: Participant | null;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('organisation');
  const server = useServerForm({
    initialValues: { name: participant?.name ?? '' },
    schema: participantCreateBody,
    send: async ({ name }) => {
      await onSubmit(name.trim());
      onClose();
    },
  });
  const { form } = server;
  return (
    <DialogForm
      server={server}
      onCancel={onClose}
      label={participant ? t('actions.save') : t('actions.create')}
    >
      <TextInput
        label={t('participants.name')}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
    </DialogForm>
  );
}

/** Merge the selected participants into the one chosen to keep. */
export function MergeModal({
  participants,
  opened,
  onClose,
  onMerge,
}: DialogProps & {
  opened: boolean;
  participants: Participant[];
  onMerge: (keep: number) => Promise<unknown>;
}) {
  const { t } = useTranslation('organisation');
  const [keep, setKeep] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setKeep(null);
    setError(null);
    onClose();
  };
  const merge = async () => {
    if (!keep) {
      setError(t('participants.mergePick'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onMerge(Number(keep));
      close();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('participants.mergeFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog opened={opened} onClose={close} title={t('participants.mergeTitle')}>
      <Stack gap="md">
        <FormAlert message={error} mb="md" />
        <Radio.Group
          label={t('participants.keepLabel')}
          description={t('participants.keepHint', { count: participants.length })}
          value={keep}
          onChange={setKeep}
        >
          <Stack gap="sm" mt="sm">
            {participants.map((p) => (
              <Radio
                key={p.id}
                value={String(p.id)}
                label={p.name}
                description={t('participants.countValue', { count: p.count })}
              />
            ))}
          </Stack>
        </Radio.Group>
        <DialogActions
          cancelLabel={t('actions.cancel')}
          onCancel={close}
          label={t('participants.mergeConfirm')}
          loading={busy}
          disabled={!keep}
          onConfirm={() => void merge()}
        />
      </Stack>
    </Dialog>
  );
}

/** Divide one participant into two names; both get every item of the original. */
export function DivideModal({
  participant,
  onClose,
  onDivide,
}: DialogProps & {
  participant: Participant | null;
  onDivide: (id: number, body: { name1: string; name2: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('organisation');
  return (
    <Dialog opened={participant !== null} onClose={onClose} title={t('participants.divideTitle')}>
      {participant ? (
        <DivideForm participant={participant} onClose={onClose} onDivide={onDivide} />
      ) : null}
    </Dialog>
  );
}

function DivideForm({
  participant,
  onClose,
  onDivide,
}: DialogProps & {
  participant: Participant;
  onDivide: (id: number, body: { name1: string; name2: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('organisation');
  const [failed, setFailed] = useState(false);
  const server = useServerForm({
    initialValues: { name1: participant.name, name2: '' },
    schema: participantDivideBody,
    send: async ({ name1, name2 }) => {
      setFailed(false);
      try {
        await onDivide(participant.id, { name1: name1.trim(), name2: name2.trim() });
      } catch (error) {
        // One message for a failed divide (the form's own alert stays unused); the
        // server's field messages still go under the inputs.
        setFailed(true);
        throw error;
      }
      onClose();
    },
  });
  const { form } = server;
  return (
    <DialogForm
      server={server}
      formError={failed ? t('participants.divideFailed') : null}
      onCancel={onClose}
      label={t('participants.divideConfirm')}
    >
      <Text size="sm" c="dimmed">
        {t('participants.divideHint', { name: participant.name })}
      </Text>
      <TextInput label={t('participants.name1')} required {...form.getInputProps('name1')} />
      <TextInput
        label={t('participants.name2')}
        required
        data-autofocus
        {...form.getInputProps('name2')}
      />
    </DialogForm>
  );
}
