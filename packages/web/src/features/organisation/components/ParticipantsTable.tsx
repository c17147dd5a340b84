import { Anchor, Checkbox, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Participant } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { CardField, ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { EditIcon, SplitIcon, TrashIcon } from '@/shared/ui';
import { useShareAction } from '@/shared/share/ShareButton';
import { ItemListsMenu } from './ItemListsMenu';

/** The person's page: their photos, everything of theirs, a timeline. */
function PersonLink({ id, name }: Participant) {
  return (
    <Anchor component={Link} to={`/people/${id}`} dir="auto">
      {name}
    </Anchor>
  );
}

interface ParticipantsTableProps {
  participants: Participant[];
  canEdit: boolean;
  selected: ReadonlySet<number>;
  onToggle: (participant: Participant, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onRename: (participant: Participant) => void;
  onDivide: (participant: Participant) => void;
  onDelete: (participant: Participant) => void;
}

/** A table on wide screens, one card per participant on phones. */
export function ParticipantsTable({
  participants,
  canEdit,
  selected,
  onToggle,
  onToggleAll,
  onRename,
  onDivide,
  onDelete,
}: ParticipantsTableProps) {
  const { t } = useTranslation('organisation');
  const shareAction = useShareAction();
  const shownSelected = participants.filter((p) => selected.has(p.id)).length;
  const check = (participant: Participant) => (
    <Checkbox
      aria-label={t('participants.select', { name: participant.name })}
      checked={selected.has(participant.id)}
      onChange={(event) => onToggle(participant, event.currentTarget.checked)}
    />
  );
  const count = (participant: Participant) =>
    participant.count > 0 ? (
      <ItemListsMenu
        filter="participant"
        id={participant.id}
        name={participant.name}
        count={participant.count}
      />
    ) : (
      0
    );
  const selectAll = {
    header: t('participants.selectAll'),
    head: (
      <Checkbox
        aria-label={t('participants.selectAll')}
        checked={shownSelected > 0 && shownSelected === participants.length}
        indeterminate={shownSelected > 0 && shownSelected < participants.length}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
      />
    ),
    width: 44,
    cell: check,
  };
  return (
    <ResponsiveTable
      rows={participants}
      rowKey={(participant) => participant.id}
      caption={t('participants.caption')}
      captionHidden
      // The name is a plain cell: the selection box comes first for editors.
      rowHeaders={false}
      minWidth={canEdit ? 520 : 280}
      dense
      columns={[
        ...(canEdit ? [selectAll] : []),
        { header: t('participants.name'), cell: (participant) => <PersonLink {...participant} /> },
        { header: t('participants.count'), align: 'right', cell: count },
      ]}
      actions={
        canEdit
          ? {
              header: t('participants.actions'),
              of: (participant) => [
                shareAction({
                  target_type: 'participants',
                  target_id: participant.id,
                  title: participant.name,
                }),
                {
                  label: t('participants.renameOne', { name: participant.name }),
                  icon: <EditIcon size={16} />,
                  onClick: () => onRename(participant),
                },
                {
                  label: t('participants.divideOne', { name: participant.name }),
                  icon: <SplitIcon size={16} />,
                  onClick: () => onDivide(participant),
                },
                {
                  label: t('participants.deleteOne', { name: participant.name }),
                  icon: <TrashIcon size={16} />,
                  onClick: () => onDelete(participant),
                  danger: true,
                },
              ],
            }
          : undefined
      }
      cardTitle={(participant) => (
        <Group gap="sm" wrap="nowrap">
          {canEdit ? check(participant) : null}
          <PersonLink {...participant} />
        </Group>
      )}
      details={(participant) => (
        <CardField label={t('participants.count')}>{count(participant)}</CardField>
      )}
    />
  );
}
