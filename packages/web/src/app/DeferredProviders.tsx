import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container and the confirmation dialogs' host. Nothing shows either before a page
 * is up, so they load beside the first page instead of weighing on the entry: toasts asked for
 * earlier wait in the notifications store and show when the container mounts.
 */
export default function DeferredProviders() {
  return (
    <>
      <Notifications position="top-right" limit={5} zIndex={1000} containerWidth={380} />
      <ModalsProvider />
    </>
  );
}
