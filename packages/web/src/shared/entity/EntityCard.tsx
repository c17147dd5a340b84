import '@/shared/content/content.css';
import './entity.css';
import { LIMITS } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { titleAttrs } from '@/shared/content/direction';
import { PlainBadge } from '@/shared/content/PlainBadge';
import { Snippet } from '@/shared/content/Snippet';
import { TrashButtons } from '@/shared/content/TrashButtons';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import type { EntityRowProps } from './EntityCollection';
import { RowCheck } from './RowCheck';

/** What every row of a list reads of its entry. */
interface RowEntry {
  id: number;
  title: string;
  deleted_at: string | null;
}

interface RowArticleProps {
  entry: RowEntry;
  /** The title element's id, which names the row. */
  titleId: string;
  selected: boolean;
  className: string;
  children: ReactNode;
}

/**
 * A list's row: an article named by its title, which the list's keys and selection find
 * (`data-kf-row`) and which shows when it is selected.
 */
export function RowArticle({ entry, titleId, selected, className, children }: RowArticleProps) {
  return (
    <article
      className={className}
      aria-labelledby={titleId}
      data-kf-row={entry.id}
      data-selected={selected || undefined}
      tabIndex={-1}
    >
      {children}
    </article>
  );
}

/** A row's title: a link to the entry's page, plain text for an entry in the trash. */
export function RowTitle({ entry, to }: { entry: RowEntry; to: string }) {
  const { t } = useTranslation('archive');
  const title = entry.title || t('item.untitled');
  return entry.deleted_at !== null ? (
    title
  ) : (
    <Link to={to} className="mantine-focus-auto">
      {title}
    </Link>
  );
}

interface EntityCardProps<Row extends RowEntry> {
  /** The row as the list hands it over: its entry, selection and actions. */
  of: EntityRowProps<Row>;
  /** `item`, `record`: the title's id is `{kind}-{id}-title`, the card's class `kf-{kind}-card`. */
  kind: 'item' | 'record';
  /** The entry's content language (its title and text are marked with it). */
  language: string;
  /** The entry's page. */
  to: string;
  thumbnail?: string | null;
  /** The kind's badges at the top (the trash's comes after them). */
  flags?: ReactNode;
  /** The kind's buttons at the bottom (the trash's come after them). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * One entry of a list, items and records alike: checkbox, thumbnail, title, badges, the kind's
 * own lines, then its buttons and, in the trash, restore and delete for good. Plain elements
 * with the look of Mantine's (`content.css`): a phone renders ten of these on a list's first load.
 */
export function EntityCard<Row extends RowEntry>(props: EntityCardProps<Row>) {
  const { kind } = props;
  const { row: entry, selected, onSelect, onRestore, onHardDelete } = props.of;
  const { t } = useTranslation('archive');
  // Restoring from the trash and deleting for good both need `content.delete`.
  const canDelete = useCan('content.delete');
  const trashed = entry.deleted_at !== null;
  const titleId = `${kind}-${entry.id}-title`;
  const trashButtons = trashed ? (
    <TrashButtons
      onRestore={canDelete ? () => onRestore(entry) : undefined}
      onHardDelete={canDelete ? () => onHardDelete(entry) : undefined}
    />
  ) : null;

  return (
    <RowArticle
      entry={entry}
      titleId={titleId}
      selected={selected}
      className={`kf-card kf-row-card kf-${kind}-card`}
    >
      <div className="kf-card-head">
        {onSelect ? (
          <RowCheck
            title={entry.title || t('item.untitled')}
            selected={selected}
            onSelect={(shift) => onSelect(entry, shift)}
          />
        ) : null}
        {props.thumbnail ? (
          <img className="kf-card-thumb" src={props.thumbnail} alt="" loading="lazy" />
        ) : null}
        <h2
          id={titleId}
          {...titleAttrs(entry.title, props.language)}
          className="kf-card-title kf-row-title"
        >
          <RowTitle entry={entry} to={props.to} />
        </h2>
        <div className="kf-card-flags">
          {props.flags}
          {trashed ? <PlainBadge tone="red">{t('item.inTrash')}</PlainBadge> : null}
        </div>
      </div>
      {props.children}
      {props.actions || trashButtons ? (
        <div className="kf-card-actions">
          {props.actions}
          {trashButtons}
        </div>
      ) : null}
    </RowArticle>
  );
}

/** A row's search snippet, or else the start of its text (`…` when cut). */
export function RowPreview({
  snippet,
  preview,
  language,
}: {
  snippet?: string | null | undefined;
  preview: string;
  language: string;
}) {
  if (snippet) return <Snippet snippet={snippet} lang={language} />;
  if (!preview) return null;
  return (
    <p
      className="kf-text-sm kf-preview"
      lang={language}
      dir={language === 'ar' ? 'rtl' : undefined}
    >
      {preview.length >= LIMITS.previewLength ? `${preview}…` : preview}
    </p>
  );
}
