// Runs before the bundle so the first paint already has the saved colour scheme (no flash);
// a file rather than an inline script because the CSP only allows 'self' scripts.
(function () {
  try {
    var stored = window.localStorage.getItem('kinfolio-color-scheme');
    var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    var lang = window.localStorage.getItem('kinfolio-language');
    if (lang) document.documentElement.setAttribute('lang', lang);
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
