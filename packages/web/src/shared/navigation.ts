/**
 * Navigation for code outside React (API client, session). The router registers itself at start;
 * until then (and in unit tests) a full page load is the fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => window.location.assign(to);
let pathReader: () => string = () => window.location.pathname;

export function registerNavigator(navigate: Navigate, currentPath: () => string): void {
  navigator = navigate;
  pathReader = currentPath;
}

export function appNavigate(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

export function currentAppPath(): string {
  return pathReader();
}
