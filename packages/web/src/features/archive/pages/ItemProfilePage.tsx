import '../archive.css';
import { Grid, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CONTENT_LANGUAGES,
  isContentLanguage,
  type ContentLanguage,
  type Item,
  type ItemType,
} from '@kinfolio/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { QueryState } from '@/shared/ui';
import {
  EntityNewPage,
  EntityProfilePage,
  type ProfileBodyProps,
} from '@/shared/entity/EntityProfilePage';
import { itemQueries } from '../api';
import { ItemForm } from '../components/ItemForm';
import { ItemReadView } from '../components/ItemReadView';
import { TranslationsPanel } from '../components/TranslationsPanel';
import { useItemType, useProfileId } from '../hooks';
import { itemDefinition } from '../itemEntity';
import { ITEM_TYPE_META, profilePath } from '../itemTypes';
import { TitleInSentence } from '@/shared/content/TitleInSentence';

/** `/posts/{post_id}/profile` and its siblings; `new` as the id opens the create form. */
export default function ItemProfilePage() {
  const type = useItemType();
  const id = useProfileId(type);
  return id === 'new' ? (
    <NewItem type={type} />
  ) : (
    <EntityProfilePage key={id} definition={itemDefinition(type)} id={id} Body={ItemBody} />
  );
}

/** A new item, or a new translation of an item (`?parent=`), in the language asked for. */
function NewItem({ type }: { type: ItemType }) {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
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

  const itemForm = (
    <ItemForm
      type={type}
      entity={null}
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
  return (
    <EntityNewPage
      definition={itemDefinition(type)}
      title={
        parent.data
          ? t('translations.newTitle', { title: parent.data.title || t('item.untitled') })
          : t(`types.${type}.new`)
      }
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
      {search.parent !== undefined ? (
        <QueryState
          query={parent}
          error={t('profile.loadError')}
          loading={<Skeleton height={400} radius="md" />}
        >
          {() => itemForm}
        </QueryState>
      ) : (
        itemForm
      )}
    </EntityNewPage>
  );
}

/** A loaded item: read view or edit form, and its translations beside. */
function ItemBody({ entity: item, editing, onDone }: ProfileBodyProps<Item>) {
  const canEdit = useCan('content.edit');
  return (
    <Grid gap="lg" mt="xs">
      <Grid.Col span={{ base: 12, md: 8 }}>
        {editing ? (
          <ItemForm
            type={item.type}
            entity={item}
            defaultLanguage={
              isContentLanguage(item.language) ? item.language : CONTENT_LANGUAGES[0]
            }
            onSaved={onDone}
            onCancel={onDone}
          />
        ) : (
          <ItemReadView item={item} />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TranslationsPanel item={item} canEdit={canEdit && !editing} />
      </Grid.Col>
    </Grid>
  );
}
