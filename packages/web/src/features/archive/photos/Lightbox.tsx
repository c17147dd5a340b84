import './photos.css';
import { ActionIcon, Anchor, Group, Modal, Text } from '@mantine/core';
import type { AttachedFile } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { FaceFrame } from '@/shared/faces/FaceFrame';
import { ChevronIcon, DownloadIcon } from '@/shared/ui';
import { useLightboxSteps } from '@/shared/ui/useLightboxSteps';
import { ScanWords } from './ScanWords';

interface LightboxProps {
  pictures: AttachedFile[];
  /** The picture shown, or null when closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
  /** `2.4 MB` for the download link. */
  formatSize: (bytes: number) => string;
  /** A face to select on the picture shown (opened from its crop). */
  face?: number;
}

/**
 * An item's pictures one at a time, with their faces (see FaceFrame): ← and → (or a swipe, or the
 * buttons) step through them, Esc closes. The dialog keeps the focus inside while open and gives it back on close.
 */
export function Lightbox({ pictures, index, onIndex, formatSize, face }: LightboxProps) {
  const { t } = useTranslation('photos');
  const count = pictures.length;
  const picture = index === null ? null : pictures[index];
  const { step, swipe } = useLightboxSteps(count, index, onIndex);

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
          <div className="kf-lightbox-stage" {...swipe}>
            <ScanWords
              picture={picture}
              frame={(overlay) => (
                <FaceFrame
                  key={picture.id}
                  fileId={picture.id}
                  src={picture.url}
                  alt={picture.name}
                  initialFace={face}
                  overlay={overlay}
                />
              )}
            />
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
