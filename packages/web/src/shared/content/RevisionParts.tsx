import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { PageTitle, RestoreIcon, SmallButton, confirm } from '@/shared/ui';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { useDateFormat } from './dates';
import { DiffText } from './DiffText';
import type { DiffPart } from './textDiff';
import { titleAttrs } from './direction';
import { TitleInSentence } from './TitleInSentence';

/** What a history page knows of the current version before its revisions arrive. */
export interface HistorySubject {
  title: string;
  language: string;
  /** Where the back link leads: the subject's profile. */
  profilePath: string;
}

/** A history page's top: the way back to the profile, the page title and how many versions. */
export function HistoryHead({
  subject,
  total,
}: {
  subject: HistorySubject | undefined;
  total: number | undefined;
}) {
  const { t } = useTranslation('archive');
  return (
    <>
      {subject ? (
        <Anchor component={Link} to={subject.profilePath} size="sm">
          ←{' '}
          <bdi {...titleAttrs(subject.title, subject.language)}>
            {subject.title || t('item.untitled')}
          </bdi>
        </Anchor>
      ) : null}
      <PageTitle
        shown={
          subject ? (
            <TitleInSentence
              sentence={(title) => t('history.title', { title })}
              title={subject.title}
              fallback={t('item.untitled')}
              language={subject.language}
            />
          ) : undefined
        }
      >
        {subject
          ? t('history.title', { title: subject.title || t('item.untitled') })
          : t('history.titleShort')}
      </PageTitle>
      {total !== undefined ? (
        <Text size="sm" c="dimmed">
          {total === 0 ? t('history.empty') : t('history.count', { count: total })}
        </Text>
      ) : null}
    </>
  );
}

/** The revision fields both sides of a history card read. */
interface RevisionStamp {
  created_at: string;
  user: { id: number | null; name: string };
}

/** A revision card's top: when and by whom, the restore button, and how much the words moved. */
export function RevisionCardTop({
  titleId,
  revision,
  diff,
  canRestore,
  onRestore,
}: {
  titleId: string;
  revision: RevisionStamp;
  diff: { same: boolean; wordsAdded: number; wordsRemoved: number };
  canRestore: boolean;
  onRestore: () => void;
}) {
  const { t } = useTranslation('archive');
  const formatDate = useDateFormat();

  const restore = () =>
    confirm({
      title: t('history.restoreTitle'),
      message: t('history.restoreMessage', { date: formatDate(revision.created_at, true) }),
      confirmLabel: t('history.restore'),
      cancelLabel: t('actions.cancel'),
      destructive: false,
      onConfirm: onRestore,
    });

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={2} size="h5" id={titleId}>
            {t('history.versionOf', { date: formatDate(revision.created_at, true) })}
          </Title>
          <Group gap={6} wrap="nowrap">
            <UserAvatar name={revision.user.name} userId={revision.user.id} size={22} />
            <Text size="sm" c="dimmed">
              {t('history.changedBy', { name: revision.user.name || t('history.unknownUser') })}
            </Text>
          </Group>
        </div>
        {canRestore && !diff.same ? (
          <SmallButton icon={RestoreIcon} onClick={restore}>
            {t('history.restore')}
          </SmallButton>
        ) : null}
      </Group>
      {diff.same ? (
        <Badge
          variant="light"
          color="gray"
          className="kf-badge-wrap"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('history.same')}
        </Badge>
      ) : (
        <Group gap="xs">
          {/* A count of zero says nothing: only the side that changed is shown. */}
          {diff.wordsAdded > 0 ? (
            <Badge variant="light" color="green" className="kf-badge-wrap">
              {t('history.wordsAdded', { count: diff.wordsAdded })}
            </Badge>
          ) : null}
          {diff.wordsRemoved > 0 ? (
            <Badge variant="light" color="red" className="kf-badge-wrap">
              {t('history.wordsRemoved', { count: diff.wordsRemoved })}
            </Badge>
          ) : null}
        </Group>
      )}
    </>
  );
}

/** One changed text of a revision, under its small upper-case label. */
export function RevisionTextDiff({
  label,
  parts,
  lang,
}: {
  label: string;
  parts: DiffPart[];
  lang: string;
}) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <DiffText parts={parts} lang={lang} />
    </div>
  );
}

/** The other changed fields of a revision, each as old → new. */
export function RevisionChangeList({ children }: { children: ReactNode }) {
  const { t } = useTranslation('archive');
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {t('history.otherChanges')}
      </Text>
      <ul className="kf-change-list">{children}</ul>
    </div>
  );
}

/** One line of the change list: the field's label, then what it was and what it is. */
export function RevisionChange({
  label,
  before,
  after,
}: {
  label: string;
  before: string;
  after: string;
}) {
  const { t } = useTranslation('archive');
  return (
    <li>
      <Text size="sm" component="span" fw={600}>
        {t('history.fieldLabel', { field: label })}
      </Text>{' '}
      <del>{before}</del> → <ins>{after}</ins>
    </li>
  );
}
