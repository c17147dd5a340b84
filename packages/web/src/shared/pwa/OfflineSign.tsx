import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/shared/i18n/react';
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
 * Says "offline" while the browser is, in words and with an icon (not by colour alone). The status
 * region stays in the page, empty while online, so that screen readers announce the change.
 */
export function OfflineSign() {
  const offline = useOffline();
  const { t } = useTranslation('common');
  return (
    <div role="status" className="kf-offline-sign">
      {offline ? (
        <>
          <OfflineIcon size={16} />
          <span className="kf-offline-sign-label">{t('pwa.offline')}</span>
          <span className="kf-offline-sign-detail">{t('pwa.offlineDetail')}</span>
        </>
      ) : null}
    </div>
  );
}
