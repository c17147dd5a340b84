import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Participant } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MergeIcon, PlusIcon } from '@/shared/ui';
import { effectiveSearch, organisationApi, organisationKeys, organisationQueries } from '../api';
import { confirmDelete } from '../components/confirmDelete';
import { OrganisationTabs } from '../components/OrganisationTabs';
import { DivideModal, MergeModal, ParticipantNameModal } from '../components/ParticipantDialogs';
import { ParticipantsTable } from '../components/ParticipantsTable';
import { useCan } from '../hooks';

type Naming = { participant: Participant | null } | null;

export default function ParticipantsPage() {
  const { t } = useTranslation('organisation');
  const canEdit = useCan('content.edit');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = effectiveSearch(debounced);
  const participants = useQuery(organisationQueries.participants(query));
  const list = participants.data ?? [];
  const [selected, setSelected] = useState<Map<number, Participant>>(new Map());
  const [naming, setNaming] = useState<Naming>(null);
  const [merging, setMerging] = useState(false);
  const [dividing, setDividing] = useState<Participant | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: organisationKeys.participants });
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
      onConfirm: () => {
        void (async () => {
          try {
            await organisationApi.deleteParticipant(participant.id);
            select([participant], false);
          } catch {
            // The toast shows why.
          }
          await refresh();
        })();
      },
    });

  let content;
  if (participants.isPending) {
    content = <Skeleton height={240} radius="md" />;
  } else if (participants.isError && list.length === 0) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {t('participants.loadError')}
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <Text c="dimmed" role="status">
        {query ? t('participants.noMatch') : t('participants.empty')}
      </Text>
    );
  } else {
    content = (
      <ParticipantsTable
        participants={list}
        canEdit={canEdit}
        selected={new Set(selected.keys())}
        onToggle={(p, checked) => select([p], checked)}
        onToggleAll={(checked) => select(list, checked)}
        onRename={(participant) => setNaming({ participant })}
        onDivide={setDividing}
        onDelete={remove}
      />
    );
  }

  const short = search.trim().length > 0 && search.trim().length < LIMITS.searchMinLength;
  return (
    <OrganisationTabs active="participants">
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" gap="sm">
          <TextInput
            type="search"
            label={t('participants.search')}
            placeholder={t('participants.searchPlaceholder')}
            description={
              short ? t('participants.searchMin', { count: LIMITS.searchMinLength }) : undefined
            }
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
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
          const participant = naming?.participant;
          if (participant) await organisationApi.updateParticipant(participant.id, name);
          else await organisationApi.createParticipant(name);
          await refresh();
        }}
      />
      <MergeModal
        opened={merging}
        participants={[...selected.values()]}
        onClose={() => setMerging(false)}
        onMerge={async (keep) => {
          await organisationApi.mergeParticipants({
            participants: [...selected.keys()],
            participantToKeep: keep,
          });
          setSelected(new Map());
          await refresh();
        }}
      />
      <DivideModal
        participant={dividing}
        onClose={() => setDividing(null)}
        onDivide={async (id, body) => {
          await organisationApi.divideParticipant(id, body);
          await refresh();
        }}
      />
    </OrganisationTabs>
  );
}
