import { useTranslation } from '@/shared/i18n/react';

/**
 * A row's selection checkbox: a plain input with the look of Mantine's (`content.css`), cheap
 * to draw ten times on a phone's first load. The click (with Shift: a range) goes to `onSelect`.
 */
export function RowCheck({
  title,
  selected,
  onSelect,
}: {
  /** The row's title, which names the checkbox. */
  title: string;
  selected: boolean;
  onSelect: (shift: boolean) => void;
}) {
  const { t } = useTranslation('photos');
  return (
    <span className="kf-check">
      <input
        type="checkbox"
        className="mantine-focus-auto"
        checked={selected}
        onChange={() => undefined}
        onClick={(event) => onSelect(event.shiftKey)}
        aria-label={t('selectItem', { title })}
      />
      <TickIcon />
    </span>
  );
}

/** Mantine's checkbox tick. */
function TickIcon() {
  return (
    <svg viewBox="0 0 10 7" fill="none" aria-hidden="true">
      <path
        d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
