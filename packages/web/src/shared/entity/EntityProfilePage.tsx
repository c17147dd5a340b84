import { Alert, Anchor, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ComponentType, type ReactNode } from 'react';
import { titleAttrs } from '@/shared/content/direction';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { ShareButton } from '@/shared/share/ShareButton';
import { EditIcon, HistoryIcon, PageTitle, QueryState, TrashIcon } from '@/shared/ui';
import { confirmDelete } from './confirmDelete';
import type { EntityDefinition, ProfileEntity, StoredRevision } from './definition';

/** The generic parameters of a kind's definition. */
type Kind<
  Entity extends ProfileEntity,
  Data,
  Revision extends StoredRevision<Data>,
> = EntityDefinition<Entity, Data, Revision>;

/** What a kind shows of a loaded entry: its read view, or its form while editing. */
export interface ProfileBodyProps<Entity> {
  entity: Entity;
  editing: boolean;
  /** The form saved or was cancelled. */
  onDone: () => void;
}

/** The way back to the kind's list. */
function BackLink({
  definition,
}: {
  definition: Pick<
    Kind<ProfileEntity, unknown, StoredRevision<unknown>>,
    'namespace' | 'listPath' | 'keys'
  >;
}) {
  const { t } = useTranslation(definition.namespace);
  return (
    <Anchor component={Link} to={definition.listPath} size="sm">
      ← {t(definition.keys.list)}
    </Anchor>
  );
}

/**
 * The create screen of a kind: back link, title, and the form (given) or, to a user who may not
 * create, why not.
 */
export function EntityNewPage<
  Entity extends ProfileEntity,
  Data,
  Revision extends StoredRevision<Data>,
>({
  definition,
  title,
  shown,
  children,
}: {
  definition: Kind<Entity, Data, Revision>;
  title: string;
  /** The title as shown, when it differs from the document's (a title inside a sentence). */
  shown?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(definition.namespace);
  const canEdit = useCan(definition.editPermission);
  return (
    <Stack gap="sm">
      <BackLink definition={definition} />
      <PageTitle shown={shown}>{title}</PageTitle>
      {canEdit ? children : <Alert color="yellow">{t(definition.keys.noPermission)}</Alert>}
    </Stack>
  );
}

interface EntityProfilePageProps<
  Entity extends ProfileEntity,
  Data,
  Revision extends StoredRevision<Data>,
> {
  definition: Kind<Entity, Data, Revision>;
  id: number;
  Body: ComponentType<ProfileBodyProps<Entity>>;
  /** The kind's own actions, first in the header (a record's MP3). */
  Actions?: ComponentType<{ entity: Entity }>;
}

/** An entry's screen: back link, then the loaded entry's header, actions and body. */
export function EntityProfilePage<
  Entity extends ProfileEntity,
  Data,
  Revision extends StoredRevision<Data>,
>(props: EntityProfilePageProps<Entity, Data, Revision>) {
  const { definition, id } = props;
  const { t } = useTranslation(definition.namespace);
  const query = useQuery(definition.resource.queries.single(id));
  return (
    <Stack gap="sm">
      <BackLink definition={definition} />
      <QueryState
        query={query}
        error={t('profile.loadError')}
        loading={
          <>
            <Skeleton height={36} width="60%" radius="sm" />
            <Skeleton height={320} radius="md" />
          </>
        }
      >
        {(entity) => <LoadedProfile {...props} entity={entity} />}
      </QueryState>
    </Stack>
  );
}

/** The loaded entry: title, history link, edit and trash buttons, trash notice, body. */
function LoadedProfile<Entity extends ProfileEntity, Data, Revision extends StoredRevision<Data>>({
  definition,
  entity,
  Body,
  Actions,
}: EntityProfilePageProps<Entity, Data, Revision> & { entity: Entity }) {
  const { t } = useTranslation('archive');
  const { t: tKind } = useTranslation(definition.namespace);
  const navigate = useNavigate();
  const trashEntity = definition.resource.useTrash();
  const canEdit = useCan(definition.editPermission);
  // Moving to the trash is deleting: the server asks for `content.delete`, whatever the kind.
  const canTrash = useCan('content.delete');
  // The list's `e` key opens the entry with `?edit=1`.
  const { edit } = useSearch({ strict: false }) as { edit?: unknown };
  const [editing, setEditing] = useState(
    (edit === 1 || edit === '1') && canEdit && !entity.deleted_at,
  );
  const language = definition.language(entity);

  const trash = () =>
    confirmDelete({
      heading: tKind('profile.deleteTitle'),
      sentence: (title) => tKind('profile.deleteMessage', { title }),
      subject: { title: entity.title, language },
      confirm: t('actions.delete'),
      onConfirm: () =>
        trashEntity.mutate(entity.id, {
          onSuccess: () => void navigate({ to: definition.listPath }),
        }),
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle
          mb={0}
          {...titleAttrs(entity.title, language)}
          // The whole width, so a right-to-left title starts at the right like its text.
          style={{ overflowWrap: 'anywhere', flex: '1 1 20rem' }}
        >
          {entity.title || t('item.untitled')}
        </PageTitle>
        {!editing ? (
          <Group gap="xs">
            {Actions ? <Actions entity={entity} /> : null}
            {!entity.deleted_at ? (
              <ShareButton
                target={{
                  target_type: definition.shareType,
                  target_id: entity.id,
                  title: entity.title || t('item.untitled'),
                }}
              />
            ) : null}
            {/* Always there: the history starts with the entry's creation. */}
            <Button
              component={Link}
              to={definition.historyPath(entity.id)}
              variant="subtle"
              leftSection={<HistoryIcon size={16} />}
            >
              {entity.revisions_count > 0
                ? t('history.open', { count: entity.revisions_count })
                : t('history.titleShort')}
            </Button>
            {canEdit && !entity.deleted_at ? (
              <>
                <Button
                  variant="light"
                  leftSection={<EditIcon size={16} />}
                  onClick={() => setEditing(true)}
                >
                  {t('actions.edit')}
                </Button>
                {canTrash ? (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<TrashIcon size={16} />}
                    onClick={trash}
                  >
                    {t('actions.delete')}
                  </Button>
                ) : null}
              </>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {entity.deleted_at ? (
        <Alert color="red" variant="light">
          {tKind('profile.inTrash')}
        </Alert>
      ) : null}
      <Body entity={entity} editing={editing} onDone={() => setEditing(false)} />
    </>
  );
}
