import { LOADING_BAR } from '@kinfolio/contract';
import { useStore } from 'zustand';
import { loadingBarStore } from './loadingBar';

/** The 3 px page loading indicator; decorative, so hidden from assistive technology. */
export function LoadingBar() {
  const { visible, progress, error } = useStore(loadingBarStore);
  return (
    <div
      className="kf-loading-bar"
      aria-hidden="true"
      data-visible={visible || undefined}
      data-error={error || undefined}
      style={{ height: LOADING_BAR.heightPx, transform: `scaleX(${progress / 100})` }}
    />
  );
}
