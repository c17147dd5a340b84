import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, type Participant } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { MergeIcon, PlusIcon, QueryState, SearchField } from '@/shared/ui';
import { effectiveSearch, organisationQueries } from '../api';
import {
  useDeleteParticipant,
  useDivideParticipant,
  useMergeParticipants,
  useSaveParticipant,
} from '../mutations';
import { confirmDelete } from '../components/confirmDelete';
import { OrganisationTabs } from '../components/OrganisationTabs';
import { DivideModal, MergeModal, ParticipantNameModal } from '../components/ParticipantDialogs';
import { ParticipantsTable } from '../components/ParticipantsTable';
import { useCan } from '../hooks';

type Naming = { participant: Participant | null } | null;

export default function ParticipantsPage() {
  const { t } = useTranslation('organisation');
  const canEdit = useCan('content.edit');
  const saveParticipant = useSaveParticipant();
  const deleteParticipant = useDeleteParticipant();
  const mergeParticipants = useMergeParticipants();
  const divideParticipant = useDivideParticipant();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = effectiveSearch(debounced);
  const participants = useQuery(organisationQueries.participants(query));
  const list = participants.data ?? [];
  const [selected, setSelected] = useState<Map<number, Participant>>(new Map());
  const [naming, setNaming] = useState<Naming>(null);
  const [merging, setMerging] = useState(false);
  const [dividing, setDividing] = useState<Participant | null>(null);

  const select = (entries: Participant[], checked: boolean) =>
    setSelected((old) => {
      const next = new Map(old);
      for (const p of entries) {
        if (checked) next.set(p.id, p);
        else next.delete(p.id);
      }
      return next;
    });

  const remove = (participant: Participant) =>
    confirmDelete({
      title: t('participants.deleteTitle'),
      message: t('participants.deleteMessage', {
        name: participant.name,
        count: participant.count,
      }),
      // A failure's toast shows why.
      onConfirm: () => {
        deleteParticipant.mutate(participant.id, { onSuccess: () => select([participant], false) });
      },
    });

  const content = (
    <QueryState
      query={participants}
      error={t('participants.loadError')}
      isEmpty={(found) => found.length === 0}
      empty={query ? t('participants.noMatch') : t('participants.empty')}
    >
      {(found) => (
        <ParticipantsTable
          participants={found}
          canEdit={canEdit}
          selected={new Set(selected.keys())}
          onToggle={(p, checked) => select([p], checked)}
          onToggleAll={(checked) => select(found, checked)}
          onRename={(participant) => setNaming({ participant })}
          onDivide={setDividing}
          onDelete={remove}
        />
      )}
    </QueryState>
  );

  const short = search.trim().length > 0 && search.trim().length < LIMITS.searchMinLength;
  return (
    <OrganisationTabs active="participants">
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" gap="sm">
          <SearchField
            label={t('participants.search')}
            placeholder={t('participants.searchPlaceholder')}
            description={
              short ? t('participants.searchMin', { count: LIMITS.searchMinLength }) : undefined
            }
            value={search}
            onChange={setSearch}
          />
          {canEdit ? (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<MergeIcon size={16} />}
                disabled={selected.size < 2}
                onClick={() => setMerging(true)}
              >
                {t('participants.merge', { count: selected.size })}
              </Button>
              <Button
                leftSection={<PlusIcon size={16} />}
                onClick={() => setNaming({ participant: null })}
              >
                {t('participants.create')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {participants.data ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('participants.shown', { count: list.length })}
            {canEdit && selected.size > 0
              ? ` · ${t('participants.selected', { count: selected.size })}`
              : ''}
          </Text>
        ) : null}
        {content}
      </Stack>
      <ParticipantNameModal
        opened={naming !== null}
        participant={naming?.participant ?? null}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          await saveParticipant.mutateAsync({ id: naming?.participant?.id, name });
        }}
      />
      <MergeModal
        opened={merging}
        participants={[...selected.values()]}
        onClose={() => setMerging(false)}
        onMerge={async (keep) => {
          await mergeParticipants.mutateAsync({
            participants: [...selected.keys()],
            participantToKeep: keep,
          });
          setSelected(new Map());
        }}
      />
      <DivideModal
        participant={dividing}
        onClose={() => setDividing(null)}
        onDivide={async (id, body) => {
          await divideParticipant.mutateAsync({ id, body });
        }}
      />
    </OrganisationTabs>
  );
}
