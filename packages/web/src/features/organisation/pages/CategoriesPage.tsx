import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { displayName, type Category } from '@kinfolio/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowIcon, EditIcon, PlusIcon, TrashIcon } from '@/shared/ui';
import { organisationApi, organisationKeys, organisationQueries } from '../api';
import { CategoryTree, type TreeViewState } from '../components/CategoryTree';
import { confirmDelete } from '../components/confirmDelete';
import { NamesModal, type NamesSubmit } from '../components/NamesModal';
import { OrganisationTabs } from '../components/OrganisationTabs';
import { useCan, useUiLanguage } from '../hooks';
import { applyMove, childrenByParent, parentOptions, type CategoryMove } from '../tree';

type Editing = { mode: 'create'; parent: number | null } | { mode: 'edit'; category: Category };

export default function CategoriesPage() {
  const { t } = useTranslation('organisation');
  const language = useUiLanguage();
  const canEdit = useCan('content.edit');
  const queryClient = useQueryClient();
  const categories = useQuery(organisationQueries.categories());
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const [view, setView] = useState<TreeViewState>({ expanded: [], focused: undefined });
  const [editing, setEditing] = useState<Editing | null>(null);

  // Open every branch the first time the tree shows.
  const initialised = useRef(false);
  useEffect(() => {
    if (initialised.current || !categories.data) return;
    initialised.current = true;
    const parents = new Set(categories.data.map((c) => c.parent_id).filter((id) => id !== null));
    setView((v) => ({ ...v, expanded: [...parents] }));
  }, [categories.data]);

  const current = list.find((c) => c.id === view.focused) ?? null;
  const siblings = useMemo(() => childrenByParent(list), [list]);
  const currentSiblings = current ? (siblings.get(current.parent_id) ?? []) : [];
  const currentName = current
    ? displayName(current.name, language) || t('categories.untitled')
    : '';
  const refresh = () => queryClient.invalidateQueries({ queryKey: organisationKeys.categories });
  const expand = (id: number | null) => {
    if (id !== null)
      setView((v) => (v.expanded.includes(id) ? v : { ...v, expanded: [...v.expanded, id] }));
  };

  const move = async (id: number, target: CategoryMove) => {
    // Shown at once; the server's answer replaces it.
    queryClient.setQueryData(organisationKeys.categories, (old: Category[] | undefined) =>
      old ? applyMove(old, id, target) : old,
    );
    expand(target.parent_id);
    try {
      await organisationApi.moveCategory(id, target);
    } catch {
      // The toast told why (e.g. a cycle); the refresh puts the category back.
    } finally {
      await refresh();
    }
  };

  const save = async ({ name, parent_id }: NamesSubmit) => {
    if (!editing) return;
    if (editing.mode === 'create') {
      await organisationApi.createCategory({ name, parent_id });
      expand(parent_id);
    } else {
      const body = editing.category.parent_id === parent_id ? { name } : { name, parent_id };
      await organisationApi.updateCategory(editing.category.id, body);
      expand(parent_id);
    }
    await refresh();
  };

  const remove = (category: Category) =>
    confirmDelete({
      title: t('categories.deleteTitle'),
      message: t('categories.deleteMessage', {
        name: displayName(category.name, language) || t('categories.untitled'),
      }),
      onConfirm: () => {
        void (async () => {
          try {
            await organisationApi.deleteCategory(category.id);
            setView((v) => ({ ...v, focused: category.parent_id ?? undefined }));
          } catch {
            // Refused (children) or gone: the toast shows the server's message.
          }
          await refresh();
        })();
      },
    });

  let content;
  if (categories.isPending) {
    content = <Skeleton height={240} radius="md" />;
  } else if (categories.isError && list.length === 0) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {t('categories.loadError')}
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <Text c="dimmed" role="status">
        {t('categories.empty')}
      </Text>
    );
  } else {
    content = (
      <Paper withBorder radius="md" p="xs">
        <CategoryTree
          categories={list}
          canEdit={canEdit}
          view={view}
          onViewChange={setView}
          onMove={(id, target) => void move(id, target)}
        />
      </Paper>
    );
  }

  const index = current ? currentSiblings.indexOf(current.id) : -1;
  return (
    <OrganisationTabs active="categories">
      <Stack gap="md">
        {canEdit ? (
          <Group gap="xs" role="toolbar" aria-label={t('categories.toolbar')}>
            <Button
              leftSection={<PlusIcon size={16} />}
              onClick={() => setEditing({ mode: 'create', parent: null })}
            >
              {t('categories.create')}
            </Button>
            <Button
              variant="light"
              leftSection={<PlusIcon size={16} />}
              disabled={!current}
              onClick={() => current && setEditing({ mode: 'create', parent: current.id })}
            >
              {t('categories.createChild')}
            </Button>
            <Button
              variant="light"
              leftSection={<EditIcon size={16} />}
              disabled={!current}
              onClick={() => current && setEditing({ mode: 'edit', category: current })}
            >
              {t('categories.rename')}
            </Button>
            <Button
              variant="default"
              leftSection={<ArrowIcon size={16} direction="up" />}
              disabled={!current || index <= 0}
              onClick={() =>
                current && void move(current.id, { parent_id: current.parent_id, order: index - 1 })
              }
            >
              {t('categories.moveUp')}
            </Button>
            <Button
              variant="default"
              leftSection={<ArrowIcon size={16} direction="down" />}
              disabled={!current || index === -1 || index >= currentSiblings.length - 1}
              onClick={() =>
                current && void move(current.id, { parent_id: current.parent_id, order: index + 1 })
              }
            >
              {t('categories.moveDown')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<TrashIcon size={16} />}
              disabled={!current}
              onClick={() => current && remove(current)}
            >
              {t('categories.delete')}
            </Button>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed" aria-live="polite">
          {current ? t('categories.current', { name: currentName }) : t('categories.pickHint')}
        </Text>
        {content}
        {canEdit && list.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('categories.keyboardHint')}
          </Text>
        ) : null}
      </Stack>
      <NamesModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.mode === 'edit'
            ? t('categories.renameTitle')
            : editing?.parent
              ? t('categories.createChildTitle')
              : t('categories.createTitle')
        }
        submitLabel={editing?.mode === 'edit' ? t('actions.save') : t('actions.create')}
        initialName={editing?.mode === 'edit' ? editing.category.name : null}
        parentOptions={parentOptions(
          list,
          language,
          editing?.mode === 'edit' ? editing.category.id : undefined,
        )}
        initialParent={
          editing?.mode === 'edit' ? editing.category.parent_id : (editing?.parent ?? null)
        }
        onSubmit={save}
      />
    </OrganisationTabs>
  );
}
