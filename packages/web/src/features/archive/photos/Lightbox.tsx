import './photos.css';
import { ActionIcon, Anchor, Group, Modal, Text } from '@mantine/core';
import type { AttachedFile } from '@kinfolio/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, DownloadIcon } from '@/shared/ui';
import { ScanWords } from './ScanWords';

interface LightboxProps {
  pictures: AttachedFile[];
  /** The picture shown, or null when closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
  /** `2.4 MB` for the download link. */
  formatSize: (bytes: number) => string;
}

/** A horizontal swipe longer than this steps to the next or previous picture. */
const SWIPE_PX = 40;

/**
 * An item's pictures one at a time: ← and → (or a swipe, or the buttons) step through them,
 * Esc closes. The dialog keeps the focus inside while open and gives it back on close.
 */
export function Lightbox({ pictures, index, onIndex, formatSize }: LightboxProps) {
  const { t } = useTranslation('photos');
  const touchX = useRef<number | null>(null);
  const count = pictures.length;
  const picture = index === null ? null : pictures[index];
  const step = (delta: number) => {
    if (index === null || count < 2) return;
    onIndex((index + delta + count) % count);
  };

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') step(1);
      else if (event.key === 'ArrowLeft') step(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal
      opened={picture !== null && picture !== undefined}
      onClose={() => onIndex(null)}
      title={picture?.name}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('lightbox.close') }}
    >
      {picture ? (
        <>
          <div
            className="kf-lightbox-stage"
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
            <ScanWords picture={picture}>
              <img src={picture.url} alt={picture.name} />
            </ScanWords>
          </div>
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => step(-1)}
              disabled={count < 2}
              aria-label={t('lightbox.previous')}
            >
              <ChevronIcon direction="left" />
            </ActionIcon>
            <Text size="sm" role="status" aria-live="polite">
              {t('lightbox.position', { index: (index ?? 0) + 1, count })}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => step(1)}
              disabled={count < 2}
              aria-label={t('lightbox.next')}
            >
              <ChevronIcon direction="right" />
            </ActionIcon>
          </Group>
          <Anchor
            href={picture.url}
            target="_blank"
            rel="noopener"
            size="sm"
            mt="xs"
            display="block"
          >
            <DownloadIcon size={14} /> {t('lightbox.download', { size: formatSize(picture.size) })}
          </Anchor>
        </>
      ) : null}
    </Modal>
  );
}
