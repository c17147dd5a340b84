import { Select, Stack } from '@mantine/core';
import {
  PARENT_KINDS,
  SPOUSE_KINDS,
  type LifeDate,
  type PlaceValue,
  type Relation,
  type RelationKind,
  type RelationUpdateBody,
} from '@kinfolio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { PlaceField } from '@/shared/places/PlaceField';
import { Dialog, DialogActions, FormAlert } from '@/shared/ui';
import { useUpdateRelation } from './api';
import { LifeDateField } from './LifeDateField';

interface RelationDialogProps {
  /** The relation edited, and the relative's name; closed without one. */
  editing: { relation: Relation; name: string } | null;
  onClose: () => void;
}

function RelationForm({ relation, onClose }: { relation: Relation; onClose: () => void }) {
  const { t } = useTranslation(['family', 'common']);
  const save = useUpdateRelation();
  const [error, setError] = useState<unknown>(null);
  const [kind, setKind] = useState<RelationKind>(relation.kind);
  const [start, setStart] = useState<LifeDate | null>(relation.start);
  const [end, setEnd] = useState<LifeDate | null>(relation.end);
  const [place, setPlace] = useState<PlaceValue | null>(
    relation.place && {
      name: relation.place.name,
      latitude: relation.place.latitude,
      longitude: relation.place.longitude,
    },
  );
  const spouse = relation.type === 'spouse';
  // A parent by birth has no dates of their own; an adoption, a fostering… may have.
  const dated = spouse || kind !== 'birth';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const body: RelationUpdateBody = {
      kind,
      start: dated ? start : null,
      end: dated ? end : null,
      ...(spouse ? { place } : {}),
    };
    try {
      await save.mutateAsync({ id: relation.id, body });
      onClose();
    } catch (failure) {
      setError(failure);
    }
  };

  const which = spouse ? 'spouse' : 'parent';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <FormAlert message={error} />
        <Select
          label={t('relation.kind')}
          data={(spouse ? SPOUSE_KINDS : PARENT_KINDS).map((value) => ({
            value,
            label: t(`relation.kinds.${value}`),
          }))}
          value={kind}
          onChange={(value) => value && setKind(value as RelationKind)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        {dated ? (
          <>
            <LifeDateField
              legend={t(`relation.start.${which}`)}
              value={start}
              onChange={setStart}
            />
            <LifeDateField legend={t(`relation.end.${which}`)} value={end} onChange={setEnd} />
          </>
        ) : null}
        {spouse ? <PlaceField value={place} onChange={setPlace} /> : null}
        <DialogActions
          cancelLabel={t('common:actions.cancel')}
          onCancel={onClose}
          label={t('relation.save')}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}

/**
 * Changes a relation's details: how a parent is one (and since when, for an adoption), or how two
 * people are partners, their marriage or union, separation and place. Its people stay.
 */
export function RelationDialog({ editing, onClose }: RelationDialogProps) {
  const { t } = useTranslation('family');
  return (
    <Dialog
      opened={editing !== null}
      onClose={onClose}
      title={editing ? t('relation.title', { name: editing.name }) : ''}
      size="lg"
    >
      {editing ? (
        <RelationForm key={editing.relation.id} relation={editing.relation} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}
