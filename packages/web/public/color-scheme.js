// Runs before the bundle so the first paint already has the saved colour scheme (no flash) and the
// interface language; a file rather than an inline script because the CSP only allows 'self'
// scripts. It also picks and later removes index.html's static first paint (#kf-boot), and starts
// the app once that paint is on screen.
(function () {
  var UI_LANGUAGES = ['fr', 'en', 'it', 'de'];
  var html = document.documentElement;
  function uiLanguage(tag) {
    var base = String(tag).toLowerCase().split(/[-_]/)[0];
    return UI_LANGUAGES.indexOf(base) >= 0 ? base : null;
  }
  var loggedIn = false;
  try {
    var stored = window.localStorage.getItem('kinfolio-color-scheme');
    var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    html.setAttribute('data-mantine-color-scheme', scheme);
    // The app's initialLanguage() (shared/i18n): the last choice on this device (an unsupported
    // one reads as en), else the browser's first supported language, else fr.
    var lang = window.localStorage.getItem('kinfolio-language');
    var chosen = lang ? uiLanguage(lang) || 'en' : null;
    var browser = navigator.languages || [navigator.language];
    for (var i = 0; !chosen && i < browser.length; i++) chosen = uiLanguage(browser[i]);
    html.setAttribute('lang', chosen || 'fr');
    // The flag shared/session/store.ts keeps while a session is open.
    loggedIn = window.localStorage.getItem('kinfolio-session') === '1';
  } catch {
    html.setAttribute('data-mantine-color-scheme', 'light');
  }
  // Logged out, / is the welcome and login page: its text is drawn at once; elsewhere the header.
  var welcome = !loggedIn && window.location.pathname === '/';
  html.setAttribute('data-kf-boot', welcome ? 'welcome' : 'frame');

  // The static paint goes once the app draws what it stands for: its header (logged in, or on
  // another page), the welcome page's heading, or an error; after 15 s in any case.
  var shown = welcome ? 'h1, [role="alert"]' : 'header, h1, [role="alert"]';
  function watch() {
    var boot = document.getElementById('kf-boot');
    var root = document.getElementById('root');
    if (!boot || !root) return;
    var observer;
    var timer;
    function done() {
      return root.querySelector(shown) !== null;
    }
    function remove() {
      if (observer) observer.disconnect();
      clearTimeout(timer);
      boot.remove();
      html.removeAttribute('data-kf-boot');
    }
    if (done()) return remove();
    observer = new MutationObserver(function () {
      if (done()) remove();
    });
    observer.observe(root, { childList: true, subtree: true });
    timer = setTimeout(remove, 15000);
  }
  // The app's code, which the built index.html names as a module preload (fetched and compiled
  // meanwhile), runs once the browser reports the first paint on screen (vite.config.ts,
  // appStartsAfterFirstPaint); at once in a hidden tab, which paints nothing; after the next frame
  // where paints are not reported; after a second at the latest.
  var started = false;
  function startApp() {
    var entry = document.querySelector('link[data-kf-entry]');
    if (started || !entry) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = entry.getAttribute('crossorigin') || '';
    script.src = entry.href;
    document.head.appendChild(script);
  }
  function afterFirstPaint() {
    if (document.visibilityState === 'hidden') return startApp();
    setTimeout(startApp, 1000);
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0) {
      return requestAnimationFrame(function () {
        setTimeout(startApp, 0);
      });
    }
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      startApp();
    }).observe({ type: 'paint', buffered: true });
  }
  function parsed() {
    watch();
    afterFirstPaint();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed);
  else parsed();
})();
