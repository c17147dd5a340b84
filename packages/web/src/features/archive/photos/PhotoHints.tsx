import { Anchor, Button, Text } from '@mantine/core';
import type { AttachedFile, Item } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import { useCan } from '@/shared/organisation/hooks';
import type { Position } from '@/shared/places/coordinates';
import { useCoordinatesFormat } from '@/shared/places/useCoordinatesFormat';
import { dateInputValue } from '../formValues';
import { itemResource } from '../api';

/** The first photo that knows the day it was taken. */
const dated = (files: AttachedFile[]) => files.find((file) => file.taken_on);
/** The first photo that knows where it was taken. */
const placed = (files: AttachedFile[]) =>
  files.find((file) => file.latitude !== undefined && file.longitude !== undefined);

/**
 * Under the item form's date: the day the first photo was taken, offered as the item's date
 * when it differs (never applied without a click).
 */
export function PhotoDateHint({
  files,
  value,
  onUse,
}: {
  files: AttachedFile[];
  value: string;
  onUse: (day: string) => void;
}) {
  const { t } = useTranslation('photos');
  const formatDate = useDateFormat();
  const day = dated(files)?.taken_on;
  if (!day || day === value) return null;
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      px={0}
      onClick={() => onUse(day)}
      className="kf-photo-date"
    >
      {t('exif.useDate', { date: formatDate(`${day}T00:00:00Z`) })}
    </Button>
  );
}

/**
 * The read view's offer, for an item saved with new photos: the same suggestion as the form's,
 * saved (as a revision) on click.
 */
export function PhotoDateOffer({ item }: { item: Item }) {
  const canEdit = useCan('content.edit');
  const save = itemResource(item.type).useSave();
  if (!canEdit || item.deleted_at) return null;
  return (
    <div>
      <PhotoDateHint
        files={item.files}
        value={dateInputValue(item.date)}
        onUse={(day) => save.mutate({ entity: item, changes: { date: day }, uploads: [] })}
      />
    </div>
  );
}

/** Where the first photo with GPS data was taken (the place form offers it). */
export function photoPosition(files: AttachedFile[]): Position | null {
  const photo = placed(files);
  return photo?.latitude !== undefined && photo.longitude !== undefined
    ? { latitude: photo.latitude, longitude: photo.longitude }
    : null;
}

/** The read view's photo position: where the first photo with GPS data was taken. */
export function PhotoPlace({ files }: { files: AttachedFile[] }) {
  const { t } = useTranslation('photos');
  const format = useCoordinatesFormat();
  const position = photoPosition(files);
  if (!position) return null;
  const { latitude, longitude } = position;
  const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=14/${latitude}/${longitude}`;
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('exif.photoPlace')}
      </Text>
      <Text component="dd" size="sm" m={0}>
        <Anchor href={map} target="_blank" rel="noopener noreferrer" inherit>
          {format(position)}
        </Anchor>
      </Text>
    </div>
  );
}
