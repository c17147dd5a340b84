import html from '../index.html?raw';
import script from '../public/color-scheme.js?raw';
import authDe from './locales/de/auth.json';
import authEn from './locales/en/auth.json';
import authFr from './locales/fr/auth.json';
import authIt from './locales/it/auth.json';

// index.html's static first paint (#kf-boot) and the script that sets it up (public/color-scheme.js).
const bundles = { fr: authFr, en: authEn, it: authIt, de: authDe } as const;

function valueAt(bundle: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle);
}

function runScript(pathname: string, storage: Record<string, string>, languages: string[]) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
  window.history.replaceState(null, '', pathname);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  document.documentElement.removeAttribute('lang');
  document.body.innerHTML = '<div id="root"></div><div id="kf-boot"></div>';
  new Function(script)();
}

describe('the static first paint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('repeats auth.json’s wording, in every interface language', () => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    const keyed = [...page.querySelectorAll('#kf-boot [data-key]')];
    expect(keyed.map((node) => node.getAttribute('data-key'))).toEqual([
      'welcome.tagline',
      'welcome.body',
      'login.title',
      'login.description',
    ]);
    for (const node of keyed) {
      const key = node.getAttribute('data-key') ?? '';
      for (const [language, bundle] of Object.entries(bundles)) {
        const text = node.querySelector(`[lang="${language}"]`)?.textContent?.replace(/\s+/g, ' ');
        expect(text, `${language} ${key}`).toBe(valueAt(bundle, key));
      }
    }
  });

  it('takes the app’s language: the stored choice, else the browser’s, else fr', () => {
    runScript('/', { 'kinfolio-language': 'de' }, ['it-IT']);
    expect(document.documentElement.lang).toBe('de');
    runScript('/', { 'kinfolio-language': 'pt' }, ['it-IT']);
    expect(document.documentElement.lang).toBe('en');
    runScript('/', {}, ['pt-BR', 'it-IT']);
    expect(document.documentElement.lang).toBe('it');
    runScript('/', {}, ['pt-BR']);
    expect(document.documentElement.lang).toBe('fr');
  });

  it('shows a loading line only after a second, in motion unless motion is reduced', () => {
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('#kf-boot > .kf-boot-progress')).not.toBeNull();
    const css = page.querySelector('style')?.textContent ?? '';
    const rule = (selector: string, from = 0) => {
      const at = css.indexOf(`${selector} {`, from);
      return css.slice(at, css.indexOf('}', at));
    };
    expect(rule('#kf-boot .kf-boot-progress')).toMatch(
      /opacity: 0;[^]*animation: kf-boot-sweep [\d.]+s \S+ 1s infinite/,
    );
    const reduced = css.indexOf('@media (prefers-reduced-motion: reduce)');
    expect(reduced).toBeGreaterThan(0);
    expect(rule('#kf-boot .kf-boot-progress', reduced)).toMatch(
      /animation: kf-boot-pulse \S+ \S+ 1s/,
    );
  });

  it('draws the welcome page only on / logged out', () => {
    runScript('/', {}, []);
    expect(document.documentElement.dataset.kfBoot).toBe('welcome');
    runScript('/', { 'kinfolio-session': '1' }, []);
    expect(document.documentElement.dataset.kfBoot).toBe('frame');
    runScript('/posts', {}, []);
    expect(document.documentElement.dataset.kfBoot).toBe('frame');
  });

  it('goes once the app draws its header, on the welcome page its heading', async () => {
    runScript('/posts', { 'kinfolio-session': '1' }, []);
    let root = document.getElementById('root')!;
    root.innerHTML = '<div class="loader"></div>';
    await Promise.resolve();
    expect(document.getElementById('kf-boot')).not.toBeNull();
    root.innerHTML = '<header>Kinfolio</header><main></main>';
    await vi.waitFor(() => expect(document.getElementById('kf-boot')).toBeNull());
    expect(document.documentElement.dataset.kfBoot).toBeUndefined();

    runScript('/', {}, []);
    root = document.getElementById('root')!;
    root.innerHTML = '<header>Kinfolio</header><main></main>';
    await Promise.resolve();
    expect(document.getElementById('kf-boot')).not.toBeNull();
    root.querySelector('main')!.innerHTML = '<h1>Kinfolio</h1>';
    await vi.waitFor(() => expect(document.getElementById('kf-boot')).toBeNull());
  });
});
