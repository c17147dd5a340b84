import './public.css';
import { Anchor, Loader, Stack, Title } from '@mantine/core';
import { SHARE_LIST_TARGETS, type PublicShareInfo } from '@kinfolio/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link, useLocation, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { PasswordGate } from './PasswordGate';
import { PublicFailure } from './PublicFailure';
import { PublicLayout } from './PublicLayout';
import { PublicError } from './publicApi';
import { SharedBy } from './SharedBy';
import { publicQueries } from './queries';
import { SharedItem } from './SharedItem';
import { SharedList } from './SharedList';
import { SharedRecord } from './SharedRecord';
import { usePublicPageMeta } from './usePageMeta';

interface Route {
  token: string;
  /** An entry of a list share, opened from the list or a link in a text. */
  entry: { kind: 'items' | 'records'; id: number } | null;
}

function useRoute(): Route {
  const params = useParams({ strict: false }) as { token?: string; id?: string };
  const pathname = useLocation({ select: (l) => l.pathname });
  const kind = /\/records\/\d+$/.test(pathname) ? 'records' : 'items';
  const id = Number(params.id);
  return {
    token: params.token ?? '',
    entry: params.id !== undefined && Number.isInteger(id) ? { kind, id } : null,
  };
}

/** `/s/{token}`: what a link shares, laid out for reading, for visitors without an account. */
export default function PublicSharePage(): ReactElement {
  const { t } = useTranslation('shares');
  const { token, entry } = useRoute();
  const search = useSearch({ strict: false }) as { page?: number; q?: string };
  // An entry page needs the link's header only: the list's first page answers it.
  const page = entry ? 1 : (search.page ?? 1);
  const q = entry ? '' : (search.q ?? '');
  const share = useQuery(publicQueries.share(token, page, q));
  const info = share.data?.share;
  usePublicPageMeta(info?.title ?? t('public.documentTitle'));

  let body;
  if (share.error instanceof PublicError) {
    body =
      share.error.status === 401 ? (
        <PasswordGate token={token} />
      ) : (
        <PublicFailure status={share.error.status} />
      );
  } else if (share.error) {
    body = <PublicFailure status={0} />;
  } else if (!share.data || !info) {
    body = <Pending />;
  } else if (entry) {
    body = <SharedEntry token={token} info={info} entry={entry} />;
  } else {
    const content = share.data.content;
    body =
      content.kind === 'item' ? (
        <SharedItem item={content.item} info={info} byline={<SharedBy info={info} />} />
      ) : content.kind === 'record' ? (
        <SharedRecord record={content.record} info={info} byline={<SharedBy info={info} />} />
      ) : (
        <>
          <ListHeading info={info} />
          <SharedList token={token} list={content} q={q} page={page} />
        </>
      );
  }
  return <PublicLayout site={info?.site ?? null}>{body}</PublicLayout>;
}

function Pending() {
  const { t } = useTranslation('shares');
  return (
    <Stack align="center" py="xl">
      <Loader role="status" aria-label={t('public.loading')} />
    </Stack>
  );
}

/** A list share's title, who shared it and until when. */
function ListHeading({ info }: { info: PublicShareInfo }) {
  const { t } = useTranslation('shares');
  return (
    <Stack gap={4} mb="md">
      <Title order={1} className="kf-public-title">
        {info.title ?? t('public.sharedList')}
      </Title>
      <SharedBy info={info} />
    </Stack>
  );
}

/** One item or record of a list share, under a way back to the list. */
function SharedEntry({
  token,
  info,
  entry,
}: {
  token: string;
  info: PublicShareInfo;
  entry: NonNullable<Route['entry']>;
}): ReactElement {
  const { t } = useTranslation('shares');
  const item = useQuery({
    ...publicQueries.item(token, entry.id),
    enabled: entry.kind === 'items',
  });
  const record = useQuery({
    ...publicQueries.record(token, entry.id),
    enabled: entry.kind === 'records',
  });
  const query = entry.kind === 'items' ? item : record;
  const back = (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/s/$token" params={{ token }} />}>
      {t('public.back', { title: info.title ?? t('public.sharedList') })}
    </Anchor>
  );
  let body;
  if (query.error) {
    body = <PublicFailure status={query.error instanceof PublicError ? query.error.status : 0} />;
  } else if (item.data && entry.kind === 'items') {
    body = <SharedItem item={item.data.item} info={info} />;
  } else if (record.data && entry.kind === 'records') {
    body = <SharedRecord record={record.data.record} info={info} />;
  } else {
    body = <Pending />;
  }
  return (
    <Stack gap="sm">
      {(SHARE_LIST_TARGETS as readonly string[]).includes(info.target_type) ? back : null}
      {body}
    </Stack>
  );
}
