import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { closeShare, useShareRequest } from '@/shared/share/request';
import { useDrawnOnceOpened } from '@/shared/ui/drawnOnceOpened';

// The dialog (with the QR code's library) loads the first time someone shares.
const ShareDialog = lazy(() => import('@/features/shares/components/ShareDialog'));

/** Where the share dialog asked for by any screen is drawn; a navigation closes it. */
export function ShareDialogSlot() {
  const asked = useShareRequest((state) => state.target !== null);
  const { drawn } = useDrawnOnceOpened(asked);
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => closeShare(), [pathname]);
  return drawn ? (
    <Suspense fallback={null}>
      <ShareDialog />
    </Suspense>
  ) : null;
}
