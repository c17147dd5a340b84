import { SHARE_LIST_TARGETS, type PublicShareInfo } from '@kinfolio/contract';
import type { ReactElement } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { listHref, usePublicLocation, type PublicLocation } from './location';
import { PasswordGate } from './PasswordGate';
import { PublicFailure } from './PublicFailure';
import { PublicLayout } from './PublicLayout';
import { PublicLink } from './PublicLink';
import { PublicError } from './publicApi';
import { useShare, useSharedEntry } from './queries';
import { SharedBy } from './SharedBy';
import { SharedItem } from './SharedItem';
import { SharedList } from './SharedList';
import { SharedRecord } from './SharedRecord';
import { usePublicPageMeta } from './usePageMeta';

/** `/s/{token}`: what a link shares, laid out for reading, for visitors without an account. */
export default function PublicSharePage(): ReactElement {
  const { t } = useTranslation('shares');
  const location = usePublicLocation();
  // A malformed address (a token too long, an id that is no number) is an unknown link.
  if (!location)
    return (
      <Shown site={null} title={t('public.documentTitle')} body={<PublicFailure status={404} />} />
    );
  return <ShareView location={location} />;
}

function ShareView({ location }: { location: PublicLocation }): ReactElement {
  const { t } = useTranslation('shares');
  const { token, entry } = location;
  // An entry page needs the link's header only: the list's first page answers it.
  const page = entry ? 1 : location.page;
  const q = entry ? '' : location.q;
  const share = useShare(token, page, q);
  const info = share.data?.share;

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
          <SharedList key={q} token={token} list={content} q={q} page={page} />
        </>
      );
  }
  return (
    <Shown site={info?.site ?? null} title={info?.title ?? t('public.documentTitle')} body={body} />
  );
}

function Shown({
  site,
  title,
  body,
}: {
  site: PublicShareInfo['site'] | null;
  title: string;
  body: ReactElement;
}) {
  usePublicPageMeta(title);
  return <PublicLayout site={site}>{body}</PublicLayout>;
}

function Pending() {
  const { t } = useTranslation('shares');
  return (
    <div className="kf-public-pending">
      <span className="kf-public-spinner" role="status" aria-label={t('public.loading')} />
    </div>
  );
}

/** A list share's title, who shared it and until when. */
function ListHeading({ info }: { info: PublicShareInfo }) {
  const { t } = useTranslation('shares');
  return (
    <div className="kf-public-stack is-tighter kf-public-heading">
      <h1 className="kf-public-title">{info.title ?? t('public.sharedList')}</h1>
      <SharedBy info={info} />
    </div>
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
  entry: NonNullable<PublicLocation['entry']>;
}): ReactElement {
  const { t } = useTranslation('shares');
  const query = useSharedEntry(token, entry);
  const data = query.data;
  let body;
  if (query.error) {
    body = <PublicFailure status={query.error instanceof PublicError ? query.error.status : 0} />;
  } else if (data?.kind === 'item') {
    body = <SharedItem item={data.item} info={info} />;
  } else if (data?.kind === 'record') {
    body = <SharedRecord record={data.record} info={info} />;
  } else {
    body = <Pending />;
  }
  return (
    <div className="kf-public-stack is-tight">
      {(SHARE_LIST_TARGETS as readonly string[]).includes(info.target_type) ? (
        <PublicLink href={listHref(token)} className="kf-public-link kf-public-small">
          {t('public.back', { title: info.title ?? t('public.sharedList') })}
        </PublicLink>
      ) : null}
      {body}
    </div>
  );
}
