import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { queryClient as appQueryClient } from '@/shared/query/queryClient';
import { OfflineIcon } from '@/shared/ui/icons';
import './offlineSign.css';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Whether the app is offline, as the queries see it (TanStack's online manager follows the
 * browser's online and offline events): the pages then show their offline copy.
 */
export function useOffline(): boolean {
  return !useSyncExternalStore(subscribe, isOnline, isOnline);
}

/**
 * Whether the page waits for an answer the offline copy does not have: an archive read (one the
 * copy keeps, `meta.persist`) shown on screen (observed) without data, its fetch paused until the
 * network is back. Other reads (a filter's choices, say) leave the page readable without them.
 */
function waitsForNetwork(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.meta?.persist === true &&
        query.getObserversCount() > 0 &&
        query.state.data === undefined &&
        query.state.fetchStatus === 'paused',
    );
}

/**
 * Whether the page shown waits for the network (see waitsForNetwork), kept up to date while
 * `offline`; online the cache's changes cost nothing.
 */
export function useWaitsForNetwork(offline: boolean, queryClient: QueryClient): boolean {
  const subscribeToCache = useCallback(
    (onChange: () => void) =>
      offline ? queryClient.getQueryCache().subscribe(onChange) : () => undefined,
    [queryClient, offline],
  );
  const read = useCallback(() => offline && waitsForNetwork(queryClient), [queryClient, offline]);
  return useSyncExternalStore(subscribeToCache, read, read);
}

/**
 * Says "offline" while the browser is, in words and with an icon (not by colour alone), and, when
 * the page waits for an answer this device never kept, that it will show once back online (rather
 * than a skeleton with no word). The status region stays in the page, empty while online, so that
 * screen readers announce the change. It reads the app's query client itself (a test hands it
 * another), so the shell needs no provider above it.
 */
export function OfflineSign({ queryClient = appQueryClient }: { queryClient?: QueryClient }) {
  const offline = useOffline();
  const missing = useWaitsForNetwork(offline, queryClient);
  const { t } = useTranslation('common');
  useEffect(() => {
    document.body.classList.toggle('kf-offline', offline);
    return () => document.body.classList.remove('kf-offline');
  }, [offline]);
  return (
    <div role="status" className="kf-offline-sign">
      {offline ? (
        <>
          <OfflineIcon size={16} />
          <span className="kf-offline-sign-label">{t('pwa.offline')}</span>
          {missing ? (
            <span>{t('pwa.offlineMissing')}</span>
          ) : (
            <span className="kf-offline-sign-detail">{t('pwa.offlineDetail')}</span>
          )}
        </>
      ) : null}
    </div>
  );
}
