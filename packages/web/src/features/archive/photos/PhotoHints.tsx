import { Anchor, Button, Text } from '@mantine/core';
import type { AttachedFile, Item } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { useDateFormat } from '@/shared/content/dates';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { dateInputValue } from '../formValues';
import { itemResource } from '../api';
import { numberFormat } from '@/shared/intl';

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

/** `44.2000° N, 12.4000° E` in the interface language's digits. */
function useCoordinates(): (latitude: number, longitude: number) => string {
  const language = useUiLanguage();
  const number = numberFormat(language, {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  });
  return (latitude, longitude) =>
    `${number.format(Math.abs(latitude))}° ${latitude < 0 ? 'S' : 'N'}, ${number.format(
      Math.abs(longitude),
    )}° ${longitude < 0 ? 'W' : 'E'}`;
}

/** The read view's place: where the first photo with GPS data was taken, on a map. */
export function PhotoPlace({ files }: { files: AttachedFile[] }) {
  const { t } = useTranslation('photos');
  const coordinates = useCoordinates();
  const photo = placed(files);
  if (!photo || photo.latitude === undefined || photo.longitude === undefined) return null;
  const { latitude, longitude } = photo;
  const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=14/${latitude}/${longitude}`;
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('exif.place')}
      </Text>
      <Text component="dd" size="sm" m={0}>
        <Anchor href={map} target="_blank" rel="noopener noreferrer" inherit>
          {coordinates(latitude, longitude)}
        </Anchor>
      </Text>
    </div>
  );
}
