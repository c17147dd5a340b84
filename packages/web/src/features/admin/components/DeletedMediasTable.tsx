import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ITEM_BASES, ITEM_TYPES, type DeletedMedia, type ItemType } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { MediaIcon, RecordIcon } from '@/shared/ui';
import { ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { putBackAction, removeAction } from './rowActions';
import { numberFormat } from '@/shared/intl';
import { useDateTime } from '../dateTime';

export interface DeletedMediaActions {
  restore: (media: DeletedMedia) => void;
  purge: (media: DeletedMedia) => void;
  busy: boolean;
}

const isItemType = (type: string): type is ItemType =>
  (ITEM_TYPES as readonly string[]).includes(type);

/** The owner's profile, while it still exists outside the trash. */
function originPath(media: DeletedMedia): string | null {
  const { origin } = media;
  if (!origin.live) return null;
  if (origin.kind === 'record') return `/records/${origin.id}/profile`;
  return isItemType(origin.type)
    ? `${ITEM_BASES[origin.type].slice('/api'.length)}/${origin.id}/profile`
    : null;
}

function useFormats() {
  const { i18n } = useTranslation('admin');
  const date = useDateTime();
  const size = (bytes: number) => {
    const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit += 1;
    }
    return numberFormat(i18n.language, {
      style: 'unit',
      unit: units[unit],
      unitDisplay: 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    }).format(value);
  };
  return { date, size };
}

/** The thumbnail (for administrators only while deleted), else an icon of its kind. */
function Preview({ media }: { media: DeletedMedia }) {
  const box = { width: 56, height: 56, flex: 'none' as const, borderRadius: 6 };
  if (media.thumbnail_url) {
    return (
      <img
        src={media.thumbnail_url}
        alt=""
        loading="lazy"
        style={{ ...box, objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Group
      justify="center"
      style={{ ...box, background: 'var(--mantine-color-default-hover)' }}
      aria-hidden
    >
      {media.mime.startsWith('audio/') ? <RecordIcon size={24} /> : <MediaIcon size={24} />}
    </Group>
  );
}

function FileName({ media }: { media: DeletedMedia }) {
  const { t } = useTranslation('admin');
  const { size } = useFormats();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Preview media={media} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {media.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('deletedMedias.typeAndSize', { type: media.mime, size: size(media.size) })}
        </Text>
      </Stack>
    </Group>
  );
}

function Origin({ media }: { media: DeletedMedia }) {
  const { t } = useTranslation('admin');
  const { origin } = media;
  const kind = t(`deletedMedias.kinds.${isItemType(origin.type) ? origin.type : 'record'}`);
  const title = origin.title || t('deletedMedias.untitled');
  const path = originPath(media);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('deletedMedias.from', { kind })}{' '}
        {path ? (
          <Anchor component={Link} to={path} inherit>
            {title}
          </Anchor>
        ) : (
          <Text span inherit fs="italic">
            {title}
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed">
        {origin.live ? t('deletedMedias.ownerLive') : t('deletedMedias.ownerGone')}
      </Text>
    </Stack>
  );
}

function Deletion({ media }: { media: DeletedMedia }) {
  const { t } = useTranslation('admin');
  const { date } = useFormats();
  return (
    <Stack gap={2}>
      <Text size="sm">{date(media.deleted_at)}</Text>
      <Text size="xs" c="dimmed">
        {media.deleted_by
          ? t('deletedMedias.by', { name: media.deleted_by.name })
          : t('deletedMedias.byRetention')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('deletedMedias.purgeAt', { date: date(media.purge_at) })}
      </Text>
    </Stack>
  );
}

/** A table on wide screens, one card per deleted media on phones. */
export function DeletedMediasTable({
  medias,
  actions,
}: {
  medias: DeletedMedia[];
  actions: DeletedMediaActions;
}) {
  const { t } = useTranslation('admin');
  return (
    <ResponsiveTable
      rows={medias}
      rowKey={(media) => media.id}
      caption={t('deletedMedias.caption')}
      columns={[
        { header: t('deletedMedias.file'), cell: (media) => <FileName media={media} /> },
        { header: t('deletedMedias.origin'), cell: (media) => <Origin media={media} /> },
        {
          header: t('deletedMedias.deletedAt'),
          width: 220,
          cell: (media) => <Deletion media={media} />,
        },
      ]}
      actions={{
        header: t('deletedMedias.actions'),
        width: 100,
        of: (media) => [
          putBackAction(
            t('deletedMedias.restore', { name: media.name }),
            actions.busy,
            () => actions.restore(media),
            t('deletedMedias.restoreShort'),
          ),
          removeAction(
            t('deletedMedias.purge', { name: media.name }),
            actions.busy,
            () => actions.purge(media),
            t('deletedMedias.purgeShort'),
          ),
        ],
      }}
      details={(media) => (
        <>
          <Origin media={media} />
          <Deletion media={media} />
        </>
      )}
    />
  );
}
