import { afterEach, describe, expect, it } from 'vitest';
import { appStyles } from './appStyles';

afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

function printLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.setAttribute('data-kf-app-styles', '');
  document.head.append(link);
  return link;
}

describe("the app's stylesheet, linked for print by the build", () => {
  it('applies to every medium once loaded, and only then resolves', async () => {
    const link = printLink();
    let done = false;
    const applied = appStyles().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    expect(link.media).toBe('print');
    link.dispatchEvent(new Event('load'));
    await applied;
    expect(link.media).toBe('all');
  });

  it('lets the app render unstyled rather than not at all when it fails to load', async () => {
    const link = printLink();
    const applied = appStyles();
    link.dispatchEvent(new Event('error'));
    await applied;
    expect(link.media).toBe('all');
  });

  it('resolves at once without such a link (development)', async () => {
    await expect(appStyles()).resolves.toBeUndefined();
  });
});
