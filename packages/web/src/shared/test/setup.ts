import '@testing-library/jest-dom/vitest';
import { mediaQueryList } from './screenWidth';

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });
// jsdom lays nothing out; Mantine's combobox scrolls the option the arrow keys reach into view.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

// The app loads most interface namespaces on demand (shared/i18n); components under test render
// at once, with every language's wording in place as before.
const { loadEveryBundle } = await import('@/shared/i18n');
await loadEveryBundle();
