import { ActionIcon, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useModal } from '@/shared/stores/ui';
import { SearchIcon } from '@/shared/ui';

const loadDialog = () => import('./QuickSearchDialog');
const QuickSearchDialog = lazy(loadDialog);

/** Header button and Ctrl+K: search every type at once, open a hit with Enter. */
export function QuickSearch() {
  const { t } = useTranslation('archive');
  const [opened, setOpened] = useModal('quickSearch');
  // The dialog's code loads the first time it opens, then stays for the closing animation.
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  useHotkeys([['mod+K', open]], []);
  // Fetched once the page is idle, so typing right after Ctrl+K lands in the search box. A failure
  // (offline) is left to the dialog's own import when it opens.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadDialog().catch(() => undefined), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <Tooltip label={t('quickSearch.open')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          size="lg"
          className="kf-header-button kf-header-icon"
          aria-label={t('quickSearch.open')}
          aria-keyshortcuts="Control+K"
          onClick={open}
        >
          <SearchIcon />
        </ActionIcon>
      </Tooltip>
      {used ? (
        <Suspense fallback={null}>
          <QuickSearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
