/**
 * The app's stylesheet, which the build links for print so that it does not hold up the first
 * paint (vite.config.ts, appStartsAfterFirstPaint): applied to every medium once loaded. Resolves
 * then, at once in development (Vite injects the styles itself), and also if it fails to load (the
 * app shows unstyled rather than not at all).
 */
export function appStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-kf-app-styles]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    const apply = () => {
      link.media = 'all';
      resolve();
    };
    // Already loaded: the style sheet exists.
    if (link.sheet) apply();
    else {
      link.addEventListener('load', apply, { once: true });
      link.addEventListener('error', apply, { once: true });
    }
  });
}
