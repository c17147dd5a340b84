import { ActionIcon, Anchor, Group, Modal, Text } from '@mantine/core';
import type { PublicFile } from '@kinfolio/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, DownloadIcon } from '@/shared/ui/icons';

/** A horizontal swipe longer than this steps to the next or previous picture. */
const SWIPE_PX = 40;

interface PublicLightboxProps {
  pictures: PublicFile[];
  /** The picture shown, or null when closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
  allowDownload: boolean;
  formatSize: (bytes: number) => string;
}

/**
 * The shared pictures one at a time: ← and → (or a swipe, or the buttons) step through them, Esc
 * closes; the focus stays inside while open and goes back to the tile on close.
 */
export function PublicLightbox({
  pictures,
  index,
  onIndex,
  allowDownload,
  formatSize,
}: PublicLightboxProps) {
  const { t } = useTranslation('shares');
  const touchX = useRef<number | null>(null);
  const count = pictures.length;
  const picture = index === null ? undefined : pictures[index];
  const step = (delta: number) => {
    if (index === null || count < 2) return;
    onIndex((index + delta + count) % count);
  };
  const stepRef = useRef(step);
  stepRef.current = step;

  const open = picture !== undefined;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') stepRef.current(1);
      else if (event.key === 'ArrowLeft') stepRef.current(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <Modal
      opened={open}
      onClose={() => onIndex(null)}
      title={picture?.name}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('public.lightbox.close') }}
      classNames={{ title: 'kf-public-lightbox-title' }}
    >
      {picture ? (
        <>
          <div
            className="kf-public-stage"
            data-testid="lightbox-stage"
            onTouchStart={(event) => {
              touchX.current = event.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={(event) => {
              const start = touchX.current;
              const end = event.changedTouches[0]?.clientX;
              touchX.current = null;
              if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
              step(end < start ? 1 : -1);
            }}
          >
            <img src={picture.url ?? picture.thumbnail_url ?? undefined} alt={picture.name} />
          </div>
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => step(-1)}
              disabled={count < 2}
              aria-label={t('public.lightbox.previous')}
            >
              <ChevronIcon direction="left" />
            </ActionIcon>
            <Text size="sm" role="status" aria-live="polite">
              {t('public.lightbox.position', { index: (index ?? 0) + 1, count })}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => step(1)}
              disabled={count < 2}
              aria-label={t('public.lightbox.next')}
            >
              <ChevronIcon direction="right" />
            </ActionIcon>
          </Group>
          {allowDownload && picture.download_url ? (
            <Anchor href={picture.download_url} size="sm" mt="xs" display="block" rel="noreferrer">
              <DownloadIcon size={14} /> {t('public.download', { size: formatSize(picture.size) })}
            </Anchor>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
