import '../archive.css';
import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CONTENT_LANGUAGES,
  isContentLanguage,
  type ContentLanguage,
  type Item,
  type ItemType,
} from '@kinfolio/contract';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { EditIcon, HistoryIcon, PageTitle, QueryState, TrashIcon, confirm } from '@/shared/ui';
import { itemQueries } from '../api';
import { useTrashItem } from '../mutations';
import { ItemForm } from '../components/ItemForm';
import { ItemReadView } from '../components/ItemReadView';
import { TranslationsPanel } from '../components/TranslationsPanel';
import { useItemType, useProfileId } from '../hooks';
import { historyPath, ITEM_TYPE_META, profilePath } from '../itemTypes';
import { titleAttrs } from '@/shared/content/direction';
import { TitleInSentence } from '@/shared/content/TitleInSentence';

/** `/posts/{post_id}/profile` and its three siblings; `new` as the id opens the create form. */
export default function ItemProfilePage() {
  const type = useItemType();
  const id = useProfileId(type);
  return id === 'new' ? <NewItem type={type} /> : <ExistingItem key={id} type={type} id={id} />;
}

function BackLink({ type }: { type: ItemType }) {
  const { t } = useTranslation('archive');
  return (
    <Anchor component={Link} to={ITEM_TYPE_META[type].listPath} size="sm">
      ← {t(`types.${type}.plural`)}
    </Anchor>
  );
}

function NewItem({ type }: { type: ItemType }) {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const canEdit = useCan('content.edit');
  const search = useSearch({ strict: false }) as { parent?: number; language?: ContentLanguage };
  const parent = useQuery({
    ...itemQueries.single(type, search.parent ?? 0),
    enabled: search.parent !== undefined,
  });
  const taken = new Set(parent.data?.translations.map((v) => v.language) ?? []);
  if (parent.data) taken.add(parent.data.language);
  const languages = CONTENT_LANGUAGES.filter((lang) => !taken.has(lang));
  const defaultLanguage =
    search.language && languages.includes(search.language)
      ? search.language
      : (languages[0] ?? 'fr');
  const title = parent.data
    ? t('translations.newTitle', { title: parent.data.title || t('item.untitled') })
    : t(`types.${type}.new`);

  const itemForm = (
    <ItemForm
      type={type}
      item={null}
      parent={parent.data ?? null}
      languages={parent.data ? languages : CONTENT_LANGUAGES}
      defaultLanguage={defaultLanguage}
      onSaved={(item) => void navigate({ to: profilePath(type, item.id), replace: true })}
      onCancel={() =>
        void navigate({
          to: parent.data ? profilePath(type, parent.data.id) : ITEM_TYPE_META[type].listPath,
        })
      }
    />
  );
  let body;
  if (!canEdit) {
    body = <Alert color="yellow">{t('form.noPermission')}</Alert>;
  } else if (search.parent !== undefined) {
    body = (
      <QueryState
        query={parent}
        error={t('profile.loadError')}
        loading={<Skeleton height={400} radius="md" />}
      >
        {() => itemForm}
      </QueryState>
    );
  } else {
    body = itemForm;
  }
  return (
    <Stack gap="sm">
      <BackLink type={type} />
      <PageTitle
        shown={
          parent.data ? (
            <TitleInSentence
              sentence={(original) => t('translations.newTitle', { title: original })}
              title={parent.data.title}
              fallback={t('item.untitled')}
              language={parent.data.language}
            />
          ) : undefined
        }
      >
        {title}
      </PageTitle>
      {body}
    </Stack>
  );
}

function ExistingItem({ type, id }: { type: ItemType; id: number }) {
  const { t } = useTranslation('archive');
  const query = useQuery(itemQueries.single(type, id));
  return (
    <Stack gap="sm">
      <BackLink type={type} />
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
        {(item) => <ItemProfile type={type} item={item} />}
      </QueryState>
    </Stack>
  );
}

/** The loaded item: read view or edit form, its translations and its actions. */
function ItemProfile({ type, item }: { type: ItemType; item: Item }) {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const trashItem = useTrashItem();
  const canEdit = useCan('content.edit');
  // The list's `e` key opens the item with `?edit=1`.
  const { edit } = useSearch({ strict: false }) as { edit?: 1 };
  const [editing, setEditing] = useState(edit === 1 && canEdit && !item.deleted_at);
  const title = item.title || t('item.untitled');

  const trash = () =>
    confirm({
      title: t('profile.deleteTitle'),
      message: (
        <TitleInSentence
          sentence={(title) => t('profile.deleteMessage', { title })}
          title={item.title}
          fallback={t('item.untitled')}
          language={item.language}
        />
      ),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () =>
        trashItem.mutate(
          { type, id: item.id },
          { onSuccess: () => void navigate({ to: ITEM_TYPE_META[type].listPath }) },
        ),
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle
          mb={0}
          {...titleAttrs(item.title, item.language)}
          // The whole width, so a right-to-left title starts at the right like its text.
          style={{ overflowWrap: 'anywhere', flex: '1 1 20rem' }}
        >
          {title}
        </PageTitle>
        {!editing ? (
          <Group gap="xs">
            {item.revisions_count > 0 ? (
              <Button
                component={Link}
                to={historyPath(type, item.id)}
                variant="subtle"
                leftSection={<HistoryIcon size={16} />}
              >
                {t('history.open', { count: item.revisions_count })}
              </Button>
            ) : null}
            {canEdit && !item.deleted_at ? (
              <>
                <Button
                  variant="light"
                  leftSection={<EditIcon size={16} />}
                  onClick={() => setEditing(true)}
                >
                  {t('actions.edit')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<TrashIcon size={16} />}
                  onClick={trash}
                >
                  {t('actions.delete')}
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {item.deleted_at ? (
        <Alert color="red" variant="light">
          {t('profile.inTrash')}
        </Alert>
      ) : null}
      <Grid gap="lg" mt="xs">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {editing ? (
            <ItemForm
              type={type}
              item={item}
              defaultLanguage={
                isContentLanguage(item.language) ? item.language : CONTENT_LANGUAGES[0]
              }
              onSaved={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <ItemReadView item={item} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TranslationsPanel item={item} canEdit={canEdit && !editing} />
        </Grid.Col>
      </Grid>
    </>
  );
}
