import type { PublicFile } from '@kinfolio/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, DownloadIcon } from '@/shared/ui/icons';
import { useLightboxSteps } from '@/shared/ui/useLightboxSteps';

interface PublicLightboxProps {
  pictures: PublicFile[];
  /** The picture shown, or null when closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
  allowDownload: boolean;
  formatSize: (bytes: number) => string;
}

/** The largest picture the link serves without the original's bytes: its preview, else the thumbnail. */
export const largestOf = (picture: PublicFile) =>
  picture.preview_url ?? picture.url ?? picture.thumbnail_url ?? undefined;

/**
 * The shared pictures one at a time: ← and → (or a swipe, or the buttons) step through them, Esc
 * closes. A native modal dialog: the browser keeps the focus inside while open and gives it back
 * to the tile on close, with no dialog library on the page.
 */
export function PublicLightbox({
  pictures,
  index,
  onIndex,
  allowDownload,
  formatSize,
}: PublicLightboxProps) {
  const { t } = useTranslation('shares');
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const count = pictures.length;
  const picture = index === null ? undefined : pictures[index];
  const open = picture !== undefined;
  const { step, swipe } = useLightboxSteps(count, open ? index : null, onIndex);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      // jsdom has no showModal: the attribute shows it there.
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="kf-public-lightbox"
      aria-labelledby={titleId}
      // Esc (the browser closes the dialog itself) and the close button end up here.
      onClose={() => onIndex(null)}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === event.currentTarget) onIndex(null);
      }}
    >
      {picture ? (
        <div className="kf-public-lightbox-box">
          <div className="kf-public-lightbox-head">
            <h2 id={titleId} className="kf-public-lightbox-title">
              {picture.name}
            </h2>
            <button
              type="button"
              className="kf-public-icon-button"
              onClick={() => onIndex(null)}
              aria-label={t('public.lightbox.close')}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </div>
          <div className="kf-public-stage" data-testid="lightbox-stage" {...swipe}>
            <img
              key={picture.id}
              src={largestOf(picture)}
              alt={picture.name}
              width={picture.width ?? undefined}
              height={picture.height ?? undefined}
            />
          </div>
          <div className="kf-public-lightbox-nav">
            <button
              type="button"
              className="kf-public-icon-button is-outlined"
              onClick={() => step(-1)}
              disabled={count < 2}
              aria-label={t('public.lightbox.previous')}
            >
              <ChevronIcon direction="left" />
            </button>
            <p className="kf-public-small" role="status" aria-live="polite">
              {t('public.lightbox.position', { index: (index ?? 0) + 1, count })}
            </p>
            <button
              type="button"
              className="kf-public-icon-button is-outlined"
              onClick={() => step(1)}
              disabled={count < 2}
              aria-label={t('public.lightbox.next')}
            >
              <ChevronIcon direction="right" />
            </button>
          </div>
          {allowDownload && picture.download_url ? (
            <a
              href={picture.download_url}
              className="kf-public-link kf-public-small"
              rel="noreferrer"
            >
              <DownloadIcon size={14} /> {t('public.download', { size: formatSize(picture.size) })}
            </a>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
