import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Share } from '@kinfolio/contract';
import { useDateFormat } from '@/shared/content/dates';
import { useTranslation } from '@/shared/i18n/react';
import { CardField, ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { EditIcon, TrashIcon } from '@/shared/ui/icons';

/** A link's name as lists show it: its label, else what it shares. */
export function useShareTitle(): (share: Share) => string {
  const { t } = useTranslation('shares');
  return (share) =>
    share.label ??
    share.target_title ??
    (share.target_type === 'selection'
      ? t('list.selection', { count: share.selection_size ?? 0 })
      : t('list.gone'));
}

/** Whether the link still opens, and until when. */
function State({ share }: { share: Share }) {
  const { t } = useTranslation('shares');
  const formatDate = useDateFormat();
  if (share.revoked)
    return (
      <Badge color="red" variant="light">
        {t('list.revoked')}
      </Badge>
    );
  return (
    <Group gap={4}>
      {share.expired ? (
        <Badge color="orange" variant="light">
          {t('list.expired')}
        </Badge>
      ) : null}
      <Text size="sm" component="span">
        {share.expires_at ? formatDate(share.expires_at, true) : t('list.never')}
      </Text>
      {share.has_password ? (
        <Badge color="gray" variant="light">
          {t('list.password')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** What the link shares: its name, and the kind of thing under it. */
function Target({ share }: { share: Share }) {
  const { t } = useTranslation('shares');
  const title = useShareTitle()(share);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`targets.${share.target_type}`)}
        {share.label && share.target_title ? ` · ${share.target_title}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * The links made: what each shares, how often it was opened and when last, until when it opens;
 * with who made it for an admin. Change (extend, password, options) and revoke per row.
 */
export function SharesTable({
  shares,
  showOwner,
  onEdit,
  onRevoke,
}: {
  shares: Share[];
  showOwner: boolean;
  onEdit: (share: Share) => void;
  onRevoke: (share: Share) => void;
}) {
  const { t } = useTranslation('shares');
  const formatDate = useDateFormat();
  const titleOf = useShareTitle();
  const lastViewed = (share: Share) =>
    share.last_viewed_at ? formatDate(share.last_viewed_at, true) : t('list.notViewed');
  return (
    <ResponsiveTable
      rows={shares}
      rowKey={(share) => share.id}
      caption={t('list.caption')}
      captionHidden
      minWidth={showOwner ? 900 : 760}
      columns={[
        { header: t('list.target'), cell: (share) => <Target share={share} /> },
        { header: t('list.views'), width: 90, align: 'right', cell: (share) => share.views },
        { header: t('list.lastViewed'), width: 170, cell: lastViewed },
        { header: t('list.expires'), width: 210, cell: (share) => <State share={share} /> },
        ...(showOwner
          ? [
              {
                header: t('list.madeBy'),
                width: 140,
                wrapAnywhere: true,
                cell: (share: Share) => share.created_by.name,
              },
            ]
          : []),
      ]}
      actions={{
        header: t('list.actions'),
        width: 100,
        of: (share) =>
          share.revoked
            ? []
            : [
                {
                  label: t('list.editOne', { title: titleOf(share) }),
                  text: t('list.edit'),
                  icon: <EditIcon size={16} />,
                  onClick: () => onEdit(share),
                },
                {
                  label: t('list.revokeOne', { title: titleOf(share) }),
                  text: t('list.revoke'),
                  icon: <TrashIcon size={16} />,
                  danger: true,
                  onClick: () => onRevoke(share),
                },
              ],
      }}
      details={(share) => (
        <Stack gap={4}>
          <CardField label={t('list.views')}>
            <Text size="sm" component="span">
              {share.views}
            </Text>
          </CardField>
          <CardField label={t('list.lastViewed')}>
            <Text size="sm" component="span">
              {lastViewed(share)}
            </Text>
          </CardField>
          <CardField label={t('list.expires')}>
            <State share={share} />
          </CardField>
          {showOwner ? (
            <CardField label={t('list.madeBy')}>
              <Text size="sm" component="span">
                {share.created_by.name}
              </Text>
            </CardField>
          ) : null}
        </Stack>
      )}
    />
  );
}
