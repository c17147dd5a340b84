import './features/shares/public/public.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { parseLocation } from './features/shares/public/location';
import PublicSharePage from './features/shares/public/PublicSharePage';
import { prefetchShare, prefetchSharedEntry } from './features/shares/public/queries';
import { i18n } from './shared/i18n';

/**
 * share.html's entry: the page of a share link, for relatives without an account, usually opened
 * on a phone from a messaging app. It is built apart from the app (no Mantine, router, query
 * library, session or archive code) so that a first visit downloads little and starts at once.
 */

// The saved colour scheme of someone who also uses the app on this device (the page otherwise
// follows the system's, in CSS, from the first paint).
try {
  const scheme = window.localStorage.getItem('kinfolio-color-scheme');
  if (scheme === 'light' || scheme === 'dark') {
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  }
} catch {
  // Storage unavailable: the system's scheme applies.
}

// What the link shares is asked for now, beside the page's wording, not after the first render.
const location = parseLocation(window.location.pathname, window.location.search);
if (location?.entry) {
  prefetchShare(location.token, 1, '');
  prefetchSharedEntry(location.token, location.entry);
} else if (location) {
  prefetchShare(location.token, location.page, location.q);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Drawn once the wording is in (share.html's frame shows meanwhile): never a flash of keys. As a
// transition, the first render yields to the browser every few milliseconds instead of holding a
// slow phone's main thread for the whole page at once.
void i18n.loadNamespaces('shares').then(() => {
  startTransition(() => {
    createRoot(root).render(<PublicSharePage />);
  });
});
