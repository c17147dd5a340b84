import { Button, Checkbox, Group, Menu, Paper, Text } from '@mantine/core';
import { BULK_MAX_IDS, type ContentLanguage, type ItemStatus } from '@kinfolio/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { openShare, SHARE_PERMISSION } from '@/shared/share/request';
import { EditIcon, RestoreIcon, ShareIcon, TrashIcon, confirm } from '@/shared/ui';
import { useSmallScreen } from '@/shared/ui/device';
import type { BulkAnswer, BulkDefinition, BulkLink, BulkRequest } from './definition';
import { useBulkAction, useBulkHardDelete, useEmptyTrash } from './mutations';
import { allSelected, EMPTY_SELECTION, selectAll, togglePage, type Selection } from './selection';
import { showBulkToast } from './undoToast';
import { ValueDialog, type ValueChoice } from './ValueDialog';
import { PlaceDialog } from './PlaceDialog';

interface BulkBarProps {
  /** The kind of entries listed: its links, its status and its routes. */
  bulk: BulkDefinition;
  mode: 'list' | 'trash';
  selection: Selection;
  onSelection: (next: Selection) => void;
  pageIds: number[];
  /** How many entries match the list's filters (all pages). */
  total: number;
  /** Every matching id, at most BULK_MAX_IDS. */
  fetchAllIds: () => Promise<number[]>;
}

/**
 * The selection's controls and the actions on it: links added or removed, language, status (for
 * the kinds that have one),
 * trash, restore, deletion for good, and emptying the trash. Each action is one request; its
 * toast offers to undo it when the server says how.
 */
export function BulkBar(props: BulkBarProps) {
  const { bulk: kind, mode, selection, onSelection, pageIds, total, fetchAllIds } = props;
  const { t } = useTranslation('bulk');
  const { t: tCommon } = useTranslation('common');
  const canDelete = useCan('content.delete');
  const canShare = useCan(SHARE_PERMISSION);
  const bulk = useBulkAction();
  const hardDelete = useBulkHardDelete();
  const emptyTrash = useEmptyTrash();
  const [choice, setChoice] = useState<ValueChoice | null>(null);
  const [placing, setPlacing] = useState(false);
  const [loadingAll, setLoadingAll] = useState(false);
  const small = useSmallScreen();
  const count = selection.ids.length;
  const pageAll = allSelected(selection, pageIds);
  const pageSome = pageIds.some((id) => selection.ids.includes(id));
  const matching = Math.min(total, BULK_MAX_IDS);

  const undo = ({ undo: body }: BulkAnswer<unknown>) =>
    body
      ? () =>
          bulk.mutate({ bulk: kind, body }, { onSuccess: (again) => showBulkToast(again.message) })
      : undefined;

  const run = (body: BulkRequest<BulkLink>, clearAfter = false) =>
    bulk.mutate(
      { bulk: kind, body },
      {
        onSuccess: (result) => {
          showBulkToast(result.message, undo(result));
          if (clearAfter) onSelection(EMPTY_SELECTION);
        },
      },
    );

  const apply = (picked: ValueChoice, value: string) => {
    const ids = selection.ids;
    if (picked.action === 'language') {
      run({ action: 'language', ids, language: value as ContentLanguage });
    } else if (picked.action === 'status') {
      run({ action: 'status', ids, status: value as ItemStatus });
    } else {
      run({ action: picked.action, ids, kind: picked.kind, values: [Number(value)] });
    }
    setChoice(null);
  };

  const confirmHardDelete = () =>
    confirm({
      title: t('hardDelete.title'),
      message: t('hardDelete.message', { count }),
      confirmLabel: t('hardDelete.confirm', { count }),
      cancelLabel: t('cancel'),
      onConfirm: () =>
        hardDelete.mutate(
          { bulk: kind, ids: selection.ids },
          { onSuccess: () => onSelection(EMPTY_SELECTION) },
        ),
    });
  const confirmEmptyTrash = () =>
    confirm({
      title: t('emptyTrash.title'),
      message: t('emptyTrash.message', { count: total }),
      confirmLabel: t('emptyTrash.confirm'),
      cancelLabel: t('cancel'),
      onConfirm: () =>
        emptyTrash.mutate({ bulk: kind }, { onSuccess: () => onSelection(EMPTY_SELECTION) }),
    });

  const loadAll = async () => {
    setLoadingAll(true);
    try {
      onSelection(selectAll(await fetchAllIds()));
    } finally {
      setLoadingAll(false);
    }
  };

  // A phone shows the bar once something is selected (each row has its own box), or to empty the
  // trash: the list starts higher on the first screen.
  if (small && count === 0 && !(mode === 'trash' && canDelete && total > 0)) return null;

  return (
    <Paper withBorder radius="md" p="xs" className="kf-bulk-bar" aria-label={t('bar')}>
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Checkbox
            label={t('selectPage')}
            checked={pageAll}
            indeterminate={!pageAll && pageSome}
            onChange={() => onSelection(togglePage(selection, pageIds))}
          />
          <Text size="sm" c={count ? undefined : 'dimmed'} role="status" aria-live="polite">
            {t('selected', { count })}
          </Text>
          {pageAll && count < matching ? (
            <Button size="compact-sm" variant="subtle" onClick={loadAll} loading={loadingAll}>
              {total > BULK_MAX_IDS
                ? t('selectMatchingCapped', { count: matching })
                : t('selectMatching', { count: total })}
            </Button>
          ) : null}
          {count ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => onSelection(EMPTY_SELECTION)}
            >
              {t('clear')}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          {count && mode === 'list' ? (
            <>
              {/* Ten actions outgrow a phone's height under the bar: the menu flips or shrinks to
                  the room on screen and scrolls. */}
              <Menu
                position="bottom-end"
                withinPortal
                middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
              >
                <Menu.Target>
                  <Button size="xs" variant="light" leftSection={<EditIcon size={14} />}>
                    {t('change')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown className="kf-scroll-menu">
                  {kind.links.map((link) => (
                    <Menu.Item
                      key={`link-${link}`}
                      onClick={() => setChoice({ action: 'link', kind: link })}
                    >
                      {t(`title.link.${link}`)}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                  {kind.links.map((link) => (
                    <Menu.Item
                      key={`unlink-${link}`}
                      onClick={() => setChoice({ action: 'unlink', kind: link })}
                    >
                      {t(`title.unlink.${link}`)}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                  <Menu.Item onClick={() => setChoice({ action: 'language' })}>
                    {t('title.language')}
                  </Menu.Item>
                  {kind.status ? (
                    <Menu.Item onClick={() => setChoice({ action: 'status' })}>
                      {t('title.status')}
                    </Menu.Item>
                  ) : null}
                  <Menu.Divider />
                  <Menu.Item onClick={() => setPlacing(true)}>{t('title.place')}</Menu.Item>
                  <Menu.Item
                    onClick={() => run({ action: 'place', ids: selection.ids, place: null })}
                  >
                    {t('title.clearPlace')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
              {canShare ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<ShareIcon size={14} />}
                  onClick={() =>
                    openShare({
                      target_type: 'selection',
                      [kind.shareAs]: selection.ids,
                      title: tCommon('share.selection', { count }),
                    })
                  }
                >
                  {tCommon('share.bulk')}
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<TrashIcon size={14} />}
                  onClick={() => run({ action: 'trash', ids: selection.ids }, true)}
                  loading={bulk.isPending}
                >
                  {t('trash')}
                </Button>
              ) : null}
            </>
          ) : null}
          {count && mode === 'trash' && canDelete ? (
            <>
              <Button
                size="xs"
                variant="light"
                leftSection={<RestoreIcon size={14} />}
                onClick={() => run({ action: 'restore', ids: selection.ids }, true)}
                loading={bulk.isPending}
              >
                {t('restore')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<TrashIcon size={14} />}
                onClick={confirmHardDelete}
              >
                {t('hardDelete.button')}
              </Button>
            </>
          ) : null}
          {mode === 'trash' && canDelete && total > 0 ? (
            <Button size="xs" variant="light" color="red" onClick={confirmEmptyTrash}>
              {t('emptyTrash.button')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <ValueDialog
        choice={choice}
        count={count}
        busy={bulk.isPending}
        onClose={() => setChoice(null)}
        onApply={apply}
      />
      <PlaceDialog
        opened={placing}
        count={count}
        busy={bulk.isPending}
        onClose={() => setPlacing(false)}
        onApply={(place) => {
          run({ action: 'place', ids: selection.ids, place });
          setPlacing(false);
        }}
      />
    </Paper>
  );
}
