import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { displayName, UI_LANGUAGES, type Tag, type UiLanguage } from '@kinfolio/contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { LANGUAGE_LABELS } from '@/shared/i18n';
import { CardField, ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { EditIcon, PlusIcon, QueryState, TrashIcon, SearchField } from '@/shared/ui';
import { organisationQueries } from '../api';
import { useDeleteTag, useSaveTag } from '../mutations';
import { confirmDelete } from '../components/confirmDelete';
import { NamesModal, type NamesSubmit } from '../components/NamesModal';
import { OrganisationTabs } from '../components/OrganisationTabs';
import { useCan, useUiLanguage } from '../hooks';
import { matchesText } from '../search';
import { useShareAction } from '@/shared/share/ShareButton';
import { ItemListsMenu } from '../components/ItemListsMenu';
import { compareIn } from '@/shared/intl';

type Editing = { tag: Tag | null } | null;

/** A tag's name in one language, or that it has none there. */
function NameIn({ tag, lng }: { tag: Tag; lng: UiLanguage }) {
  const { t } = useTranslation('organisation');
  return (
    <span lang={lng}>
      {tag.name[lng] ?? (
        <Text component="span" c="dimmed" size="sm">
          {t('tags.missing')}
        </Text>
      )}
    </span>
  );
}

export default function TagsPage() {
  const { t } = useTranslation('organisation');
  const language = useUiLanguage();
  const canEdit = useCan('content.edit');
  const saveTag = useSaveTag();
  const deleteTag = useDeleteTag();
  const shareAction = useShareAction();
  const tags = useQuery(organisationQueries.tags());
  const [editing, setEditing] = useState<Editing>(null);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const visible = useMemo(
    () =>
      (tags.data ?? [])
        .filter((tag) =>
          matchesText(
            deferred,
            UI_LANGUAGES.map((lng) => tag.name[lng]),
          ),
        )
        .sort((a, b) =>
          compareIn(language)(displayName(a.name, language), displayName(b.name, language)),
        ),
    [tags.data, deferred, language],
  );
  const nameOf = (tag: Tag) => displayName(tag.name, language) || t('tags.untitled');

  const count = (tag: Tag) =>
    tag.count > 0 ? (
      <ItemListsMenu filter="tag" id={tag.id} name={nameOf(tag)} count={tag.count} />
    ) : (
      0
    );

  const save = async ({ name }: NamesSubmit) => {
    await saveTag.mutateAsync({ id: editing?.tag?.id, body: { name } });
  };
  const remove = (tag: Tag) =>
    confirmDelete({
      title: t('tags.deleteTitle'),
      message: t('tags.deleteMessage', { name: nameOf(tag), count: tag.count }),
      onConfirm: () => deleteTag.mutate(tag.id),
    });

  const content = (
    <QueryState
      query={tags}
      error={t('tags.loadError')}
      isEmpty={() => visible.length === 0}
      empty={search ? t('tags.noMatch') : t('tags.empty')}
    >
      {() => (
        <ResponsiveTable
          rows={visible}
          rowKey={(tag) => tag.id}
          caption={t('tags.caption')}
          captionHidden
          // Each language's name is a plain cell: no one of them names the row.
          rowHeaders={false}
          minWidth={720}
          dense
          columns={[
            ...UI_LANGUAGES.map((lng) => ({
              header: LANGUAGE_LABELS[lng],
              cell: (tag: Tag) => <NameIn tag={tag} lng={lng} />,
            })),
            { header: t('tags.count'), align: 'right', cell: count },
          ]}
          actions={
            canEdit
              ? {
                  header: t('tags.actions'),
                  of: (tag) => [
                    shareAction({ target_type: 'tags', target_id: tag.id, title: nameOf(tag) }),
                    {
                      label: t('tags.renameOne', { name: nameOf(tag) }),
                      icon: <EditIcon size={16} />,
                      onClick: () => setEditing({ tag }),
                    },
                    {
                      label: t('tags.deleteOne', { name: nameOf(tag) }),
                      icon: <TrashIcon size={16} />,
                      onClick: () => remove(tag),
                      danger: true,
                    },
                  ],
                }
              : undefined
          }
          cardTitle={nameOf}
          details={(tag) => (
            <Stack gap={4}>
              {UI_LANGUAGES.map((lng) => (
                <CardField key={lng} label={LANGUAGE_LABELS[lng]}>
                  <NameIn tag={tag} lng={lng} />
                </CardField>
              ))}
              <CardField label={t('tags.count')}>{count(tag)}</CardField>
            </Stack>
          )}
        />
      )}
    </QueryState>
  );

  return (
    <OrganisationTabs active="tags">
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" gap="sm">
          <SearchField label={t('tags.search')} value={search} onChange={setSearch} />
          {canEdit ? (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing({ tag: null })}>
              {t('tags.create')}
            </Button>
          ) : null}
        </Group>
        {content}
      </Stack>
      <NamesModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.tag ? t('tags.renameTitle') : t('tags.createTitle')}
        submitLabel={editing?.tag ? t('actions.save') : t('actions.create')}
        initialName={editing?.tag?.name ?? null}
        onSubmit={save}
      />
    </OrganisationTabs>
  );
}
