import type { PublicContent, PublicEntry } from '@kinfolio/contract';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { textDir } from '@/shared/content/direction';
import { useTranslation } from '@/shared/i18n/react';
import { SearchIcon } from '@/shared/ui/icons';
import { usePublicFormat } from './format';
import { entryHref, listHref, navigate } from './location';
import { PublicLink } from './PublicLink';
import { PublicPager } from './PublicPager';

type ListContent = Extract<PublicContent, { kind: 'list' }>;

/** One entry of the list: its picture (if any), title (opening it), date and first words. */
function Entry({
  token,
  entry,
  first,
}: {
  token: string;
  entry: PublicEntry;
  /** Among the first few, whose pictures show at once (no lazy loading above the fold). */
  first: boolean;
}): ReactElement {
  const { t } = useTranslation('shares');
  const format = usePublicFormat();
  const kind = entry.type === 'record' ? 'records' : 'items';
  const title = entry.title || t('public.untitled');
  return (
    <li className="kf-public-entry">
      {entry.thumbnail_url ? (
        <img
          src={entry.thumbnail_url}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          width={72}
          height={72}
        />
      ) : null}
      <div className="kf-public-entry-text">
        <h2 lang={entry.language} dir={textDir(entry.language)}>
          <PublicLink href={entryHref(token, kind, entry.id)}>{title}</PublicLink>
        </h2>
        <p className="kf-public-xs kf-public-dimmed">
          {[
            t(`public.types.${entry.type}`),
            entry.date ? format.date(entry.date) : null,
            entry.files_count ? t('public.filesCount', { count: entry.files_count }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {entry.preview ? (
          <p
            className="kf-public-small kf-public-clamp"
            lang={entry.language}
            dir={textDir(entry.language)}
          >
            {entry.preview}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A category, person, tag or selection shared: a searchable list, page by page, each entry
 * opening on its own page. The search looks only inside what was shared (the server's rule).
 */
export function SharedList({
  token,
  list,
  q,
  page,
}: {
  token: string;
  list: ListContent;
  q: string;
  page: number;
}): ReactElement {
  const { t } = useTranslation('shares');
  const id = useId();
  const [words, setWords] = useState(q);
  const pages = Math.max(1, Math.ceil(list.meta.total / list.meta.per_page));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(listHref(token, { q: words.trim() }));
  };
  return (
    <div className="kf-public-stack">
      <form onSubmit={submit} role="search" className="kf-public-search">
        <div className="kf-public-field">
          <label htmlFor={`${id}-q`}>{t('public.search.label')}</label>
          <div className="kf-public-input-row">
            <SearchIcon size={16} className="kf-public-input-icon" />
            <input
              id={`${id}-q`}
              type="search"
              className="kf-public-input has-icon"
              value={words}
              onChange={(event) => setWords(event.currentTarget.value)}
              placeholder={t('public.search.placeholder')}
              enterKeyHint="search"
            />
          </div>
        </div>
        <button type="submit" className="kf-public-button is-light">
          {t('public.search.submit')}
        </button>
      </form>
      <p className="kf-public-small kf-public-dimmed" role="status" aria-live="polite">
        {q
          ? t('public.search.results', { count: list.meta.total, q })
          : t('public.count', { count: list.meta.total })}
      </p>
      {list.data.length ? (
        <ul className="kf-public-list">
          {list.data.map((entry, index) => (
            <Entry
              key={`${entry.type}-${entry.id}`}
              token={token}
              entry={entry}
              first={index < 4}
            />
          ))}
        </ul>
      ) : (
        <p className="kf-public-dimmed">{q ? t('public.search.none') : t('public.emptyList')}</p>
      )}
      <PublicPager token={token} total={pages} value={page} q={q} />
    </div>
  );
}
