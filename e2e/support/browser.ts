import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless; the background-networking flags keep it off the closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ContextOptions {
  locale?: string;
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  /** 'reduce' (the default) turns off page transitions so screenshots and axe see settled pages. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** A phone: touch events and the mobile viewport meta tag honoured. */
  touch?: boolean;
  /** 'allow' for the tests of the offline app (reload offline, cached thumbnails); default 'block'. */
  serviceWorkers?: 'allow' | 'block';
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? 'fr-FR',
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    reducedMotion: options.reducedMotion ?? 'reduce',
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
    // Service workers would serve cached pages between steps of a test.
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Pages answer in well under a second here; a missing element should fail fast, not in 30 s.
  context.setDefaultTimeout(10_000);
  return context;
}

/** Saves a screenshot under e2e/screenshots (ignored by git) for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export type { Browser, BrowserContext, Locator, Page };
