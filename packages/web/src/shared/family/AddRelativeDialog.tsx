import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { RelationRole } from '@kinfolio/contract';
import { useEffect, useState } from 'react';
import { PersonPicker } from '@/shared/faces/PersonPicker';
import { useTranslation } from '@/shared/i18n/react';
import { Dialog } from '@/shared/ui/Dialog';
import { FormAlert } from '@/shared/ui/FormAlert';
import { useAddRelation } from './api';

interface AddRelativeDialogProps {
  /** Whose relative is added; the dialog is closed without one. */
  person: { id: number; name: string } | null;
  role?: RelationRole;
  onClose: () => void;
  /** After the relation is saved, with the relative's id. */
  onAdded?: (relativeId: number) => void;
}

/**
 * Adds a parent, a child or a partner in one step: the kind of relative, then a participant picked
 * or a new name typed, made by the same request as the relation (a refused relation, a cycle or a
 * third birth parent, leaves no one behind); a refusal shows the server's words.
 */
export function AddRelativeDialog({
  person,
  role = 'child',
  onClose,
  onAdded,
}: AddRelativeDialogProps) {
  const { t } = useTranslation('family');
  const [chosen, setChosen] = useState<RelationRole>(role);
  const [error, setError] = useState<unknown>(null);
  const add = useAddRelation();
  const personId = person?.id;

  useEffect(() => {
    setChosen(role);
    setError(null);
  }, [personId, role]);

  const save = async (relative: { participant_id: number } | { person: { name: string } }) => {
    if (!person) return;
    setError(null);
    try {
      const saved = await add.mutateAsync({ id: person.id, body: { type: chosen, ...relative } });
      onAdded?.(saved.relative.id);
      onClose();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <Dialog
      opened={person !== null}
      onClose={onClose}
      title={person ? t('add.title', { name: person.name }) : ''}
    >
      <Stack gap="md">
        <FormAlert message={error} />
        <Text size="sm" id="kf-add-relative-role">
          {t('add.role')}
        </Text>
        <SegmentedControl
          aria-labelledby="kf-add-relative-role"
          fullWidth
          value={chosen}
          onChange={(value) => setChosen(value as RelationRole)}
          data={(['parent', 'child', 'spouse'] as const).map((value) => ({
            value,
            label: t(`add.roles.${value}`),
          }))}
        />
        <PersonPicker
          label={t(`add.who.${chosen}`, { name: person?.name ?? '' })}
          onPick={(id) => void save({ participant_id: id })}
          onNew={(name) => void save({ person: { name } })}
          disabled={add.isPending}
          autoFocus
        />
        <Text size="xs" c="dimmed">
          {t('add.hint')}
        </Text>
      </Stack>
    </Dialog>
  );
}
