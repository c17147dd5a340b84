import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PublicContent, PublicEntry } from '@kinfolio/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useDateFormat } from '@/shared/content/dates';
import { textDir } from '@/shared/content/direction';
import { useTranslation } from '@/shared/i18n/react';
import { SearchIcon } from '@/shared/ui/icons';
import { Pager } from '../components/Pager';

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
  const formatDate = useDateFormat();
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
          <Anchor
            renderRoot={(props) =>
              kind === 'records' ? (
                <Link
                  {...props}
                  to="/s/$token/records/$id"
                  params={{ token, id: String(entry.id) }}
                />
              ) : (
                <Link
                  {...props}
                  to="/s/$token/items/$id"
                  params={{ token, id: String(entry.id) }}
                />
              )
            }
          >
            {title}
          </Anchor>
        </h2>
        <Text size="xs" c="dimmed">
          {[
            t(`public.types.${entry.type}`),
            entry.date ? formatDate(entry.date) : null,
            entry.files_count ? t('public.filesCount', { count: entry.files_count }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {entry.preview ? (
          <Text size="sm" lang={entry.language} dir={textDir(entry.language)} lineClamp={2}>
            {entry.preview}
          </Text>
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
  const navigate = useNavigate();
  const [words, setWords] = useState(q);
  const pages = Math.max(1, Math.ceil(list.meta.total / list.meta.per_page));
  const go = (next: { page?: number; q?: string }) =>
    void navigate({
      to: '/s/$token',
      params: { token },
      search: {
        ...(next.page && next.page > 1 ? { page: next.page } : {}),
        ...(next.q ? { q: next.q } : {}),
      },
    });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ q: words.trim() });
  };
  return (
    <Stack gap="md">
      <form onSubmit={submit} role="search">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            type="search"
            value={words}
            onChange={(event) => setWords(event.currentTarget.value)}
            label={t('public.search.label')}
            placeholder={t('public.search.placeholder')}
            leftSection={<SearchIcon size={16} />}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light">
            {t('public.search.submit')}
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {q
          ? t('public.search.results', { count: list.meta.total, q })
          : t('public.count', { count: list.meta.total })}
      </Text>
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
        <Text c="dimmed">{q ? t('public.search.none') : t('public.emptyList')}</Text>
      )}
      <Pager total={pages} value={page} onChange={(next) => go({ page: next, q })} />
    </Stack>
  );
}
