import '../archive.css';
import { Pagination, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { displayName, type Item, type ItemType, type Revision } from '@kinfolio/contract';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { QueryState } from '@/shared/ui';
import { itemQueries } from '../api';
import { useRestoreVersion } from '../mutations';
import {
  HistoryHead,
  RevisionCardTop,
  RevisionChange,
  RevisionChangeList,
  RevisionTextDiff,
} from '@/shared/content/RevisionParts';
import { condense } from '@/shared/content/textDiff';
import { revisionDiff, type ChangedField } from '../diff';
import { useDateFormat } from '@/shared/content/dates';
import { historyPath, parseId, parseTypeParam, profilePath } from '../itemTypes';
import { ownFieldLabel, ownFieldValue } from '../ownFields';

/** `/history/{type}/{id}`: an item's stored versions, each compared with the current one. */
export default function HistoryPage() {
  const { t } = useTranslation('archive');
  const params = useParams({ strict: false }) as { type?: string; id?: string };
  const type = parseTypeParam(params.type) ?? 'post';
  const id = parseId(params.id) ?? 0;
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const current = useQuery(itemQueries.single(type, id));
  const revisions = useQuery(itemQueries.revisions(type, id, page));
  const item = current.data;
  const meta = revisions.data?.meta;

  // The versions are compared with the current item: both answers are needed to show a card.
  const both = {
    isPending: current.isPending || revisions.isPending,
    data: item && revisions.data ? { item, revisions: revisions.data.data } : undefined,
  };
  const content = (
    <QueryState
      query={both}
      error={t('history.loadError')}
      isEmpty={(answer) => answer.revisions.length === 0}
      empty={t('history.empty')}
      loading={<Skeleton height={300} radius="md" />}
    >
      {(answer) => (
        <Stack gap="md" component="ol" className="kf-plain-list">
          {answer.revisions.map((revision) => (
            <li key={revision.id}>
              <RevisionCard type={type} item={answer.item} revision={revision} />
            </li>
          ))}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="sm">
      <HistoryHead
        subject={
          item
            ? { title: item.title, language: item.language, profilePath: profilePath(type, id) }
            : undefined
        }
        total={meta?.total}
      />
      {content}
      {meta && meta.last_page > 1 ? (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={(value) =>
            void navigate({ to: historyPath(type, id), search: value > 1 ? { page: value } : {} })
          }
          getItemProps={(value) => ({ 'aria-label': t('list.page', { page: value }) })}
          getControlProps={(control) => ({ 'aria-label': t(`list.control.${control}`) })}
          style={{ alignSelf: 'center' }}
        />
      ) : null}
    </Stack>
  );
}

function RevisionCard({
  type,
  item,
  revision,
}: {
  type: ItemType;
  item: Item;
  revision: Revision;
}) {
  const { t } = useTranslation('archive');
  const uiLanguage = useUiLanguage();
  const formatDate = useDateFormat();
  const restoreVersion = useRestoreVersion();
  const canEdit = useCan('content.edit');
  const diff = useMemo(() => revisionDiff(revision.data, item), [revision.data, item]);
  const titleId = `revision-${revision.id}`;

  const names = (field: ChangedField, side: 'old' | 'new'): string => {
    const none = t('item.none');
    switch (field) {
      case 'from':
      case 'to':
        return (
          (side === 'old' ? revision.names[field] : item[field]).map((r) => r.name).join(', ') ||
          none
        );
      case 'tags':
      case 'categories':
        return (
          (side === 'old' ? revision.names[field] : item[field])
            .map((r) => displayName(r.name, uiLanguage))
            .join(', ') || none
        );
      case 'date':
        return formatDate(side === 'old' ? revision.data.date : item.date);
      case 'language': {
        const lang = side === 'old' ? revision.data.language : item.language;
        return t(`languages.${lang}`, { defaultValue: lang });
      }
      case 'status':
        return t(`status.${side === 'old' ? revision.data.status : item.status}`);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <RevisionCardTop
          titleId={titleId}
          revision={revision}
          diff={diff}
          canRestore={canEdit}
          onRestore={() => restoreVersion.mutate({ type, id: item.id, data: revision.data })}
        />
        {diff.title.some((p) => p.added || p.removed) ? (
          <RevisionTextDiff label={t('form.title')} parts={diff.title} lang={item.language} />
        ) : null}
        {diff.content.some((p) => p.added || p.removed) ? (
          <RevisionTextDiff
            label={t('form.content')}
            parts={condense(diff.content)}
            lang={item.language}
          />
        ) : null}
        {diff.changedFields.length + diff.changedOwnFields.length > 0 ? (
          <RevisionChangeList>
            {diff.changedFields.map((field) => (
              <RevisionChange
                key={field}
                label={field === 'status' ? t('status.label') : t(`form.${field}`)}
                before={names(field, 'old')}
                after={names(field, 'new')}
              />
            ))}
            {diff.changedOwnFields.map((name) => (
              <RevisionChange
                key={`own-${name}`}
                label={ownFieldLabel(t, type, name)}
                before={ownFieldValue(t, type, name, revision.data.fields[name])}
                after={ownFieldValue(t, type, name, item.fields[name])}
              />
            ))}
          </RevisionChangeList>
        ) : null}
      </Stack>
    </Paper>
  );
}
