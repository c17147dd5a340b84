import {
  ActionIcon,
  Anchor,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { fileKind, type AttachedFile, type Item } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useFileSize } from '@/shared/content/fileSize';
import { useCan } from '@/shared/organisation/hooks';
import { DownloadIcon, TrashIcon } from '@/shared/ui';
import { confirmDeleteFile } from '@/shared/entity/confirmDelete';
import { itemResource } from '../api';
import { FaceChips } from '@/shared/faces/FaceChips';
import { Lightbox } from '../photos/Lightbox';
import { isScan, ScanText } from './ScanText';

/** The pictures whose faces the item view lists (each asks for its own). */
const FACES_SHOWN = 24;

function DeleteButton({ item, file }: { item: Item; file: AttachedFile }) {
  const { t } = useTranslation('archive');
  const deleteFile = itemResource(item.type).useDeleteFile();
  const askFirst = () =>
    confirmDeleteFile((key, name) => t(`files.${key}`, { name }), file, deleteFile.mutate);
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      onClick={askFirst}
      aria-label={t('files.delete', { name: file.name })}
    >
      <TrashIcon size={16} />
    </ActionIcon>
  );
}

function FileLine({
  item,
  file,
  canDelete,
}: {
  item: Item;
  file: AttachedFile;
  canDelete: boolean;
}) {
  const { t } = useTranslation('archive');
  const size = useFileSize();
  const kind = fileKind(file.mime);
  return (
    <Paper withBorder p="xs" radius="md" className="kf-file">
      <Stack gap={6}>
        {kind === 'audio' ? (
          <audio controls preload="metadata" src={file.url} aria-label={file.name} />
        ) : null}
        {kind === 'video' ? (
          <video controls preload="metadata" src={file.url} aria-label={file.name} />
        ) : null}
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Anchor href={file.url} target="_blank" rel="noopener" size="sm" className="kf-file-name">
            <DownloadIcon size={14} /> {file.name}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('files.size', { size: size(file.size) })}
            </Text>
            {canDelete ? <DeleteButton item={item} file={file} /> : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The item's files: thumbnails opening the full picture, players, then plain downloads. */
export function Attachments({ item }: { item: Item }) {
  const { t } = useTranslation('archive');
  const canDelete = useCan('content.edit') && !item.deleted_at;
  const size = useFileSize();
  const [open, setOpen] = useState<number | null>(null);
  const [face, setFace] = useState<number | undefined>();
  const openAt = (index: number | null, faceId?: number) => {
    setFace(faceId);
    setOpen(index);
  };
  if (!item.files.length) return null;
  const pictures = item.files.filter((f) => f.thumbnail_url);
  const others = item.files.filter((f) => !f.thumbnail_url);
  // Pictures and PDFs: the text read from them, beside the files.
  const scans = item.files.filter(isScan);
  return (
    <section aria-labelledby="kf-item-files-title">
      <Title order={2} size="h4" id="kf-item-files-title" mb="xs">
        {t('files.title', { count: item.files.length })}
      </Title>
      {pictures.length ? (
        <div className="kf-thumbs">
          {pictures.map((file, index) => (
            <figure key={file.id} className="kf-thumb">
              <UnstyledButton
                onClick={() => openAt(index)}
                aria-label={t('files.open', { name: file.name })}
              >
                <Image src={file.thumbnail_url} alt={file.name} radius="sm" loading="lazy" />
              </UnstyledButton>
              <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
                <figcaption className="kf-thumb-caption">
                  <Text size="xs" truncate title={file.name}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {size(file.size)}
                  </Text>
                </figcaption>
                {canDelete ? <DeleteButton item={item} file={file} /> : null}
              </Group>
              {index < FACES_SHOWN ? (
                <FaceChips fileId={file.id} onOpen={(faceId) => openAt(index, faceId)} />
              ) : null}
            </figure>
          ))}
        </div>
      ) : null}
      {others.length ? (
        <Stack gap="xs" mt={pictures.length ? 'sm' : 0}>
          {others.map((file) => (
            <FileLine key={file.id} item={item} file={file} canDelete={canDelete} />
          ))}
        </Stack>
      ) : null}
      {scans.length ? (
        <Stack gap="xs" mt="sm">
          {scans.map((file) => (
            <ScanText key={file.id} item={item} file={file} />
          ))}
        </Stack>
      ) : null}
      <Lightbox
        pictures={pictures}
        index={open}
        onIndex={(index) => openAt(index)}
        formatSize={size}
        face={face}
      />
    </section>
  );
}
