import type { PublicFile } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { DownloadIcon } from '@/shared/ui/icons';
import { usePublicFormat } from './format';
import { PublicLightbox } from './PublicLightbox';

/** A picture the link lets the page show: its original, or at least a preview. */
const isPicture = (file: PublicFile) =>
  file.mime.startsWith('image/') && Boolean(file.url ?? file.preview_url ?? file.thumbnail_url);

/** A grid of thumbnails; a tap opens the picture in the lightbox. */
function PhotoGrid({
  pictures,
  allowDownload,
}: {
  pictures: PublicFile[];
  allowDownload: boolean;
}) {
  const { t } = useTranslation('shares');
  const format = usePublicFormat();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="kf-public-grid" aria-label={t('public.photos', { count: pictures.length })}>
        {pictures.map((picture, index) => (
          <li key={picture.id}>
            <button
              type="button"
              className="kf-public-tile"
              onClick={() => setOpen(index)}
              aria-label={t('public.openPicture', { name: picture.name })}
            >
              <img
                src={picture.thumbnail_url ?? picture.preview_url ?? picture.url ?? undefined}
                alt=""
                loading={index < 6 ? 'eager' : 'lazy'}
                decoding="async"
                width={picture.width ?? undefined}
                height={picture.height ?? undefined}
              />
            </button>
          </li>
        ))}
      </ul>
      <PublicLightbox
        pictures={pictures}
        index={open}
        onIndex={setOpen}
        allowDownload={allowDownload}
        formatSize={format.size}
      />
    </>
  );
}

/**
 * A shared version's files: pictures as a grid, sound and video playable in the page, other files
 * listed (with a download link when the link allows originals).
 */
export function SharedFiles({
  files,
  allowDownload,
}: {
  files: PublicFile[];
  allowDownload: boolean;
}) {
  const { t } = useTranslation('shares');
  const format = usePublicFormat();
  if (files.length === 0) return null;
  const pictures = files.filter(isPicture);
  const others = files.filter((file) => !isPicture(file));
  return (
    <section className="kf-public-stack is-tight" aria-labelledby="kf-public-files">
      <h2 className="kf-public-subtitle" id="kf-public-files">
        {t('public.files')}
      </h2>
      {pictures.length ? <PhotoGrid pictures={pictures} allowDownload={allowDownload} /> : null}
      {others.map((file) => (
        <div key={file.id} className="kf-public-stack is-tighter">
          <p className="kf-public-small kf-public-strong kf-public-wrap">{file.name}</p>
          {file.url && file.mime.startsWith('audio/') ? (
            <audio controls preload="none" src={file.url} className="kf-public-media">
              <track kind="captions" />
            </audio>
          ) : file.url && file.mime.startsWith('video/') ? (
            <video controls preload="metadata" src={file.url} className="kf-public-media">
              <track kind="captions" />
            </video>
          ) : null}
          {file.download_url ? (
            <a href={file.download_url} className="kf-public-link kf-public-small" rel="noreferrer">
              <DownloadIcon size={14} /> {t('public.download', { size: format.size(file.size) })}
            </a>
          ) : null}
        </div>
      ))}
    </section>
  );
}
