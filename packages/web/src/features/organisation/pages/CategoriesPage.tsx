import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { displayName, type Category } from '@kinfolio/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ArrowIcon, EditIcon, PlusIcon, QueryState, TrashIcon } from '@/shared/ui';
import { organisationQueries } from '../api';
import {
  useCreateCategory,
  useDeleteCategory,
  useMoveCategory,
  useUpdateCategory,
} from '../mutations';
import { CategoryTree, type TreeViewState } from '../components/CategoryTree';
import { confirmDelete } from '../components/confirmDelete';
import { NamesModal, type NamesSubmit } from '../components/NamesModal';
import { OrganisationTabs } from '../components/OrganisationTabs';
import { useCan, useUiLanguage } from '../hooks';
import { childrenByParent, parentOptions, type CategoryMove } from '../tree';
import { ShareButton } from '@/shared/share/ShareButton';
import { ItemListsMenu } from '../components/ItemListsMenu';

type Editing = { mode: 'create'; parent: number | null } | { mode: 'edit'; category: Category };

export default function CategoriesPage() {
  const { t } = useTranslation('organisation');
  const language = useUiLanguage();
  const canEdit = useCan('content.edit');
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();
  const moveCategory = useMoveCategory();
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
  const expand = (id: number | null) => {
    if (id !== null)
      setView((v) => (v.expanded.includes(id) ? v : { ...v, expanded: [...v.expanded, id] }));
  };

  const move = (id: number, target: CategoryMove) => {
    moveCategory(id, target);
    expand(target.parent_id);
  };

  const save = async ({ name, parent_id }: NamesSubmit) => {
    if (!editing) return;
    if (editing.mode === 'create') {
      await createCategory.mutateAsync({ name, parent_id });
    } else {
      const body = editing.category.parent_id === parent_id ? { name } : { name, parent_id };
      await updateCategory.mutateAsync({ id: editing.category.id, body });
    }
    expand(parent_id);
  };

  const remove = (category: Category) =>
    confirmDelete({
      title: t('categories.deleteTitle'),
      message: t('categories.deleteMessage', {
        name: displayName(category.name, language) || t('categories.untitled'),
      }),
      onConfirm: () =>
        deleteCategory.mutate(category.id, {
          onSuccess: () => setView((v) => ({ ...v, focused: category.parent_id ?? undefined })),
        }),
    });

  const tree = { canEdit, view, onViewChange: setView, onMove: move };
  const content = (
    <QueryState
      query={categories}
      error={t('categories.loadError')}
      isEmpty={(found) => found.length === 0}
      empty={t('categories.empty')}
    >
      {(found) => (
        <Paper withBorder radius="md" p="xs">
          <CategoryTree categories={found} {...tree} />
        </Paper>
      )}
    </QueryState>
  );

  const index = current ? currentSiblings.indexOf(current.id) : -1;
  /** What the toolbar does to the tree or its current category (most need one picked). */
  const tools = [
    {
      label: t('categories.create'),
      icon: <PlusIcon size={16} />,
      variant: 'filled',
      run: () => setEditing({ mode: 'create', parent: null }),
    },
    {
      label: t('categories.createChild'),
      icon: <PlusIcon size={16} />,
      variant: 'light',
      disabled: !current,
      run: () => current && setEditing({ mode: 'create', parent: current.id }),
    },
    {
      label: t('categories.rename'),
      icon: <EditIcon size={16} />,
      variant: 'light',
      disabled: !current,
      run: () => current && setEditing({ mode: 'edit', category: current }),
    },
    {
      label: t('categories.moveUp'),
      icon: <ArrowIcon size={16} direction="up" />,
      variant: 'default',
      disabled: !current || index <= 0,
      run: () => current && move(current.id, { parent_id: current.parent_id, order: index - 1 }),
    },
    {
      label: t('categories.moveDown'),
      icon: <ArrowIcon size={16} direction="down" />,
      variant: 'default',
      disabled: !current || index === -1 || index >= currentSiblings.length - 1,
      run: () => current && move(current.id, { parent_id: current.parent_id, order: index + 1 }),
    },
    {
      label: t('categories.delete'),
      icon: <TrashIcon size={16} />,
      variant: 'light',
      danger: true,
      disabled: !current,
      run: () => current && remove(current),
    },
  ];
  return (
    <OrganisationTabs active="categories">
      <Stack gap="md">
        {canEdit ? (
          <Group gap="xs" role="toolbar" aria-label={t('categories.toolbar')}>
            {tools.map(({ label, icon, variant, danger, disabled, run }) => (
              <Button
                key={label}
                variant={variant}
                color={danger ? 'red' : undefined}
                leftSection={icon}
                disabled={disabled}
                onClick={run}
              >
                {label}
              </Button>
            ))}
          </Group>
        ) : null}
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {current ? t('categories.current', { name: currentName }) : t('categories.pickHint')}
          </Text>
          {current ? <ItemListsMenu filter="category" id={current.id} name={currentName} /> : null}
          {current ? (
            <ShareButton
              size="compact-sm"
              variant="light"
              target={{ target_type: 'categories', target_id: current.id, title: currentName }}
            />
          ) : null}
        </Group>
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
