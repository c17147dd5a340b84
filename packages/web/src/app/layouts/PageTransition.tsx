import { Outlet, useLocation } from '@tanstack/react-router';
import { useUiStore } from '@/shared/stores/ui';

/**
 * Re-mounts the page per path with the transition chosen before navigation (CSS animations,
 * disabled under prefers-reduced-motion).
 */
export function PageTransition() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const name = useUiStore((s) => s.transitionName);
  return (
    <div key={pathname} className={`kf-page kf-page--${name}`}>
      <Outlet />
    </div>
  );
}
