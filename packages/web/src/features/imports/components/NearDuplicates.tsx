import {
  Anchor,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Import, NearDuplicateDecision } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { importQueries, useReviewNearDuplicate } from '../api';
import { profilePathOf } from '../itemLinks';

type Pair = Import['near_duplicates'][number];

/** One side of a pair: the picture's thumbnail and title, opening its profile. */
function Side({ id, label }: { id: number; label: string }) {
  const { t } = useTranslation('imports');
  const item = useQuery(importQueries.picture(id));
  const thumbnail = item.data?.files.find((file) => file.thumbnail_url)?.thumbnail_url;
  return (
    <Stack gap={4} align="center" style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Anchor
        component={Link}
        to={profilePathOf('media', id)}
        aria-label={t('duplicates.open', { id })}
        className="kf-import-thumb"
      >
        {item.isPending ? (
          <Skeleton height={140} width={140} />
        ) : thumbnail ? (
          <Image src={thumbnail} alt="" h={140} w={140} fit="cover" radius="sm" />
        ) : (
          <Text size="xs" c="dimmed">
            {t('duplicates.noThumbnail')}
          </Text>
        )}
      </Anchor>
      {item.data ? (
        <Text size="xs" ta="center" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {item.data.title}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The pictures an import created that look like pictures already there, side by side: keep
 * both or move the new one to the trash (restorable from there). The server keeps each decision:
 * a reviewed pair says so, after a reload too.
 */
export function NearDuplicates({
  importId,
  pairs,
}: {
  importId: number;
  pairs: Import['near_duplicates'];
}) {
  const { t } = useTranslation('imports');
  const canTrash = useCan('content.delete');
  const review = useReviewNearDuplicate();
  // Shown at once; the import read again carries the same decision.
  const [decided, setDecided] = useState<Record<number, NearDuplicateDecision>>({});
  const decide = (pair: Pair, decision: NearDuplicateDecision) =>
    review.mutate(
      { id: importId, itemId: pair.item_id, decision },
      { onSuccess: () => setDecided((old) => ({ ...old, [pair.item_id]: decision })) },
    );
  const busy = (pair: Pair, decision: NearDuplicateDecision) =>
    review.isPending &&
    review.variables?.itemId === pair.item_id &&
    review.variables.decision === decision;

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('duplicates.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('duplicates.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" component="ul" className="kf-import-pairs">
        {pairs.map((pair) => {
          const done = pair.decision ?? decided[pair.item_id];
          return (
            <Card
              key={`${pair.item_id}-${pair.similar_item_id}`}
              component="li"
              withBorder
              radius="md"
              aria-label={t('duplicates.pair', { id: pair.item_id, similar: pair.similar_item_id })}
            >
              <Group grow align="flex-start" gap="sm" wrap="nowrap">
                <Side id={pair.item_id} label={t('duplicates.new')} />
                <Side id={pair.similar_item_id} label={t('duplicates.existing')} />
              </Group>
              {done ? (
                <Text size="sm" mt="sm" role="status">
                  {t(`duplicates.${done}`)}
                </Text>
              ) : (
                <Group gap="xs" mt="sm" className="kf-import-actions">
                  <Button
                    variant="default"
                    size="sm"
                    loading={busy(pair, 'kept')}
                    onClick={() => decide(pair, 'kept')}
                  >
                    {t('duplicates.keep')}
                  </Button>
                  {canTrash ? (
                    <Button
                      color="red"
                      variant="light"
                      size="sm"
                      loading={busy(pair, 'trashed')}
                      onClick={() => decide(pair, 'trashed')}
                    >
                      {t('duplicates.trash')}
                    </Button>
                  ) : null}
                </Group>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
