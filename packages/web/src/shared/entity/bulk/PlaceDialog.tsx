import './bulk.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PlaceValue } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { PlaceField } from '@/shared/places/PlaceField';
import { useSmallScreen } from '@/shared/ui/device';
import { useDrawnOnceOpened } from '@/shared/ui/drawnOnceOpened';

/**
 * Bulk "set place": one place (named, tapped on the map or pasted) for every selected entry.
 * On a phone it takes the whole screen with a lower map; its actions stay at the bottom of the
 * dialog in sight while its content scrolls, so Apply is always within reach.
 */
export function PlaceDialog({
  opened,
  count,
  busy,
  onClose,
  onApply,
}: {
  opened: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onApply: (place: PlaceValue) => void;
}) {
  const { t } = useTranslation('bulk');
  const [place, setPlace] = useState<PlaceValue | null>(null);
  const dialog = useDrawnOnceOpened(opened);
  const phone = useSmallScreen();
  if (!dialog.drawn) return null;
  const close = () => {
    setPlace(null);
    onClose();
  };
  return (
    <Modal
      opened={dialog.open}
      onClose={close}
      title={t('title.place')}
      centered={!phone}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!place) return;
          onApply(place);
          setPlace(null);
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('appliesTo', { count })}</Text>
          <PlaceField value={place} onChange={setPlace} mapHeight={phone ? 200 : 260} />
          <Group justify="flex-end" gap="sm" className="kf-dialog-footer">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!place} loading={busy}>
              {t('apply', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
