import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useDateFormat } from '@/shared/content/dates';
import { ListPager } from '@/shared/content/ListPager';
import {
  HistoryHead,
  RevisionCardTop,
  RevisionChange,
  RevisionChangeList,
  RevisionTextDiff,
} from '@/shared/content/RevisionParts';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { QueryState } from '@/shared/ui';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import type { EntityDefinition, ProfileEntity, StoredRevision } from './definition';

interface HistoryProps<Entity extends ProfileEntity, Data, Revision extends StoredRevision<Data>> {
  definition: EntityDefinition<Entity, Data, Revision>;
  id: number;
}

/** An entry's stored versions, each compared with the current one, and restored from there. */
export function EntityHistoryPage<
  Entity extends ProfileEntity,
  Data,
  Revision extends StoredRevision<Data>,
>({ definition, id }: HistoryProps<Entity, Data, Revision>) {
  const { t } = useTranslation('archive');
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const current = useQuery(definition.resource.queries.single(id));
  const revisions = useQuery(definition.resource.queries.revisions(id, page));
  const entity = current.data;
  const meta = revisions.data?.meta;
  // The versions are compared with the current entry: both answers are needed to show a card.
  const both = {
    isPending: current.isPending || revisions.isPending,
    data: entity && revisions.data ? { entity, revisions: revisions.data.data } : undefined,
  };

  return (
    <Stack gap="sm">
      <HistoryHead
        subject={
          entity
            ? {
                title: entity.title,
                language: definition.language(entity),
                profilePath: definition.profilePath(id),
              }
            : undefined
        }
        total={meta?.total}
      />
      <QueryState
        query={both}
        error={t('history.loadError')}
        loading={<Skeleton height={300} radius="md" />}
      >
        {(answer) => (
          <Stack gap="md" component="ol" className="kf-plain-list">
            {answer.revisions.map((revision) => (
              <li key={revision.id}>
                <RevisionCard definition={definition} entity={answer.entity} revision={revision} />
              </li>
            ))}
            {/* Newest first: the creation closes the last page. */}
            {!meta || meta.current_page >= meta.last_page ? (
              <li>
                <CreationCard entity={answer.entity} />
              </li>
            ) : null}
          </Stack>
        )}
      </QueryState>
      {meta ? (
        <ListPager
          total={meta.last_page}
          value={meta.current_page}
          onChange={(value) =>
            void navigate({
              to: definition.historyPath(id),
              search: value > 1 ? { page: value } : {},
            })
          }
        />
      ) : null}
    </Stack>
  );
}

/** Where the history starts: when the entry was created, and by whom where that is known. */
function CreationCard({ entity }: { entity: ProfileEntity }) {
  const { t } = useTranslation('archive');
  const formatDate = useDateFormat();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby="revision-created">
      <Title order={2} size="h5" id="revision-created">
        {t('history.createdOn', { date: formatDate(entity.created_at, true) })}
      </Title>
      {entity.created_by_name ? (
        <Group gap={6} wrap="nowrap" mt={4}>
          <UserAvatar name={entity.created_by_name} size={22} />
          <Text size="sm" c="dimmed">
            {t('history.createdBy', { name: entity.created_by_name })}
          </Text>
        </Group>
      ) : null}
    </Paper>
  );
}

/** One stored version: when and by whom, the words that moved, the other fields changed. */
function RevisionCard<Entity extends ProfileEntity, Data, Revision extends StoredRevision<Data>>({
  definition,
  entity,
  revision,
}: {
  definition: EntityDefinition<Entity, Data, Revision>;
  entity: Entity;
  revision: Revision;
}) {
  const restoreVersion = definition.resource.useRestoreVersion();
  const canEdit = useCan(definition.editPermission);
  const words = definition.useFieldWords();
  const { diff: compare } = definition;
  const diff = useMemo(() => compare(revision.data, entity), [compare, revision.data, entity]);
  const titleId = `revision-${revision.id}`;
  const language = definition.language(entity);

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <RevisionCardTop
          titleId={titleId}
          revision={revision}
          diff={diff}
          canRestore={canEdit && !entity.deleted_at}
          onRestore={() => restoreVersion.mutate({ id: entity.id, data: revision.data })}
        />
        {diff.texts.map((text) => (
          <RevisionTextDiff
            key={text.name}
            label={words.label(text.name)}
            parts={text.parts}
            lang={language}
          />
        ))}
        {diff.fields.length > 0 ? (
          <RevisionChangeList>
            {diff.fields.map((field) => (
              <RevisionChange
                key={field}
                label={words.label(field)}
                before={words.value(field, 'old', revision, entity)}
                after={words.value(field, 'new', revision, entity)}
              />
            ))}
          </RevisionChangeList>
        ) : null}
      </Stack>
    </Paper>
  );
}
