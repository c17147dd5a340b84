import { Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from '@/shared/i18n/react';
import type { CropArea } from './cropImage';

interface CropDialogProps {
  /** An object URL of the chosen picture; the dialog is open while there is one. */
  src: string | null;
  saving: boolean;
  onCancel: () => void;
  onCrop: (area: CropArea) => void;
}

/** Frames the profile picture in a circle before it is sent: drag to move, slide or pinch to zoom. */
export function CropDialog({ src, saving, onCancel, onCrop }: CropDialogProps) {
  const { t } = useTranslation('account');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  return (
    <Modal
      opened={src !== null}
      onClose={onCancel}
      title={t('picture.cropTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('picture.cancel') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('picture.cropHint')}
        </Text>
        <div style={{ position: 'relative', height: 320 }} data-testid="crop-area">
          {src ? (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          ) : null}
        </div>
        <Stack gap={4}>
          <Text size="sm" id="kf-crop-zoom">
            {t('picture.zoom')}
          </Text>
          <Slider
            min={1}
            max={4}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={null}
            thumbLabel={t('picture.zoom')}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={onCancel}>
            {t('picture.cancel')}
          </Button>
          <Button onClick={() => area && onCrop(area)} loading={saving} disabled={!area}>
            {t('picture.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
