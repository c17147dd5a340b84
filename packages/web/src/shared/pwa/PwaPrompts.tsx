import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { clearQueryCaches } from '@/shared/query/queryClient';
import { useSessionStore } from '@/shared/session/store';
import { DownloadIcon } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import {
  clearRuntimeCaches,
  isInstallDismissed,
  rememberInstallDismissed,
  rememberOfflineReadyShown,
  wasOfflineReadyShown,
  type BeforeInstallPromptEvent,
} from './installPrompt';

const UPDATE_CHECK_MS = 10 * 60 * 1000;

/** Offline worker lifecycle (update banner, offline-ready toast) and the install prompt. */
export function PwaPrompts() {
  const { t } = useTranslation('common');
  const [updating, setUpdating] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // A newer build is found by asking the server for /sw.js again.
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update();
      }, UPDATE_CHECK_MS);
    },
  });
  const install = useInstallPrompt();
  const loggedIn = useSessionStore((s) => s.isLoggedIn && s.user !== null);
  const [offlinePending, setOfflinePending] = useState(false);

  // "Ready to work offline" once per installation, and not over the login page: kept until the
  // user is in the archive.
  useEffect(() => {
    if (!offlineReady) return;
    setOfflineReady(false);
    void wasOfflineReadyShown().then((shown) => {
      if (!shown) setOfflinePending(true);
    });
  }, [offlineReady, setOfflineReady]);
  useEffect(() => {
    if (!offlinePending || !loggedIn) return;
    setOfflinePending(false);
    void rememberOfflineReadyShown();
    toast.success(t('pwa.offlineReady'), t('pwa.offlineReadyMessage'));
  }, [offlinePending, loggedIn, t]);

  const update = async () => {
    setUpdating(true);
    await Promise.allSettled([clearRuntimeCaches(), clearQueryCaches()]);
    // Activates the waiting worker; the page reloads when it takes control.
    await updateServiceWorker(true);
  };

  if (!needRefresh && !install.available) return null;
  return (
    <Stack className="kf-pwa-prompts" gap="sm">
      {needRefresh ? (
        <Paper withBorder shadow="md" p="md" role="status" aria-label={t('pwa.bannerLabel')}>
          <Text size="sm" mb="sm">
            {t('pwa.updateAvailable')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setNeedRefresh(false)}>
              {t('pwa.later')}
            </Button>
            <Button size="xs" loading={updating} onClick={() => void update()}>
              {t('pwa.update')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {install.available && !needRefresh ? (
        <Paper withBorder shadow="md" p="md" role="region" aria-label={t('pwa.installTitle')}>
          <Text fw={600} size="sm">
            {t('pwa.installTitle')}
          </Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t('pwa.installMessage')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={install.dismiss}>
              {t('pwa.notNow')}
            </Button>
            <Button size="xs" leftSection={<DownloadIcon size={16} />} onClick={install.prompt}>
              {t('pwa.install')}
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}

function useInstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      if (!isInstallDismissed()) setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return {
    available: event !== null,
    prompt: () => {
      if (!event) return;
      void event.prompt();
      void event.userChoice.then(({ outcome }) => {
        if (outcome === 'dismissed') rememberInstallDismissed();
        setEvent(null);
      });
    },
    dismiss: () => {
      rememberInstallDismissed();
      setEvent(null);
    },
  };
}
