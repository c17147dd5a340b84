import { Checkbox, Table } from '@mantine/core';
import type { Participant } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { ActionsCell } from '@/shared/kit/ActionsCell';
import { EditIcon, SplitIcon, TrashIcon } from '@/shared/ui';
import { ItemListsMenu } from './ItemListsMenu';

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
  const shownSelected = participants.filter((p) => selected.has(p.id)).length;
  return (
    <Table.ScrollContainer minWidth={canEdit ? 520 : 280}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Caption className="kf-sr-only">{t('participants.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {canEdit ? (
              <Table.Th w={44}>
                <Checkbox
                  aria-label={t('participants.selectAll')}
                  checked={shownSelected > 0 && shownSelected === participants.length}
                  indeterminate={shownSelected > 0 && shownSelected < participants.length}
                  onChange={(event) => onToggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('participants.name')}</Table.Th>
            <Table.Th ta="right">{t('participants.count')}</Table.Th>
            {canEdit ? (
              <Table.Th ta="right" className="kf-sticky-end">
                {t('participants.actions')}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {participants.map((participant) => (
            <Table.Tr key={participant.id}>
              {canEdit ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t('participants.select', { name: participant.name })}
                    checked={selected.has(participant.id)}
                    onChange={(event) => onToggle(participant, event.currentTarget.checked)}
                  />
                </Table.Td>
              ) : null}
              <Table.Td>{participant.name}</Table.Td>
              <Table.Td ta="right">
                {participant.count > 0 ? (
                  <ItemListsMenu
                    filter="participant"
                    id={participant.id}
                    name={participant.name}
                    count={participant.count}
                  />
                ) : (
                  0
                )}
              </Table.Td>
              {canEdit ? (
                <ActionsCell
                  actions={[
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
                  ]}
                />
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
