import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ErrorScreen } from './ErrorScreen';
import { errorStatus } from './RouteError';
import { isChunkLoadError, OfflineChunkError, reloadWithGuard } from './reloadGuard';

/**
 * Router error component: chunk-load failures reload the page (offline, they wait for the network
 * and then reload), anything else the error screen.
 */
export function RouteErrorView({ error }: ErrorComponentProps) {
  const { t } = useTranslation(['errors', 'common']);
  const pathname = useLocation({ select: (l) => l.pathname });
  // A chunk that React's lazy (not lazyPage) failed to load offline is one too.
  const offline =
    error instanceof OfflineChunkError || (isChunkLoadError(error) && !navigator.onLine);
  const chunkError = !offline && isChunkLoadError(error);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (chunkError) setReloading(reloadWithGuard(pathname));
  }, [chunkError, pathname]);

  if (offline) return <NotLoadedOffline />;
  if (chunkError) {
    if (reloading) return null;
    return (
      <Notice
        title={t('chunk.title')}
        message={t('chunk.message')}
        action={
          <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
        }
      />
    );
  }
  const message = error instanceof Error ? error.message : undefined;
  return <ErrorScreen statusCode={errorStatus(error)} message={message} />;
}

/**
 * A page whose code was not loaded before the network went: it says so, and opens by itself once
 * the network is back (a reload: the failed import is not retried in place).
 */
function NotLoadedOffline() {
  const { t } = useTranslation(['errors', 'common']);
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <Notice
      title={t('offlinePage.title')}
      message={t('offlinePage.message')}
      action={
        <Button variant="default" onClick={() => window.history.back()}>
          {t('offlinePage.back')}
        </Button>
      }
    />
  );
}

/** A title, a line and one button, centred: what a page that could not open says instead. */
function Notice({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        {action}
      </Stack>
    </Container>
  );
}

/** Unmatched address: the 404 error screen plus 'Page not found: /path'. */
export function NotFoundView() {
  const { t } = useTranslation('errors');
  const pathname = useLocation({ select: (l) => l.pathname });
  return <ErrorScreen statusCode={404} detail={t('notFound.path', { path: pathname })} />;
}
