import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useSmallScreen } from '@/shared/ui/device';
import '@/shared/ui/toastIcons';
import { replayModalEvents } from './modalEvents';

/**
 * The toasts' container and the confirmation dialogs' host. Nothing shows either before a page
 * is up, so they load after the first page instead of weighing on the entry: toasts asked for
 * earlier wait in the notifications store and show when the container mounts, dialogs in
 * modalEvents.ts.
 */
export default function DeferredProviders() {
  // After the provider's own effect (children's effects run first): it listens by now.
  useEffect(replayModalEvents, []);
  // On a phone, at the bottom: at the top they covered the page's title and its main button.
  const small = useSmallScreen();
  return (
    <>
      <Notifications
        position={small ? 'bottom-center' : 'top-right'}
        limit={small ? 3 : 5}
        zIndex={1000}
        containerWidth={380}
      />
      <ModalsProvider />
    </>
  );
}
