/** Interface languages: fr by default; an unsupported locale falls back to en. */
export const UI_LANGUAGES = ['fr', 'en', 'it', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'fr';
export const FALLBACK_UI_LANGUAGE: UiLanguage = 'en';
/** The siteparams language a new user starts with: en, which sets the locale after login. */
export const DEFAULT_USER_LANGUAGE: UiLanguage = 'en';

/** Languages content and correlation tables may carry: the interface's four and Arabic. */
export const CONTENT_LANGUAGES = ['fr', 'en', 'it', 'de', 'ar'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Answers carry languages as text (stored versions keep what was written): checked, not cast. */
export function isContentLanguage(value: unknown): value is ContentLanguage {
  return typeof value === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best interface language from an Accept-Language header; unsupported falls back to en. */
export function negotiateUiLanguage(header: string | undefined | null): UiLanguage {
  if (!header) return FALLBACK_UI_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isUiLanguage(base)) return base;
  }
  return FALLBACK_UI_LANGUAGE;
}

export const LIMITS = {
  requestTimeoutMs: 60_000,
  toastDefaultMs: 4_000,
  toastServerMessageMs: 10_000,
  pageSizeListView: 10,
  pageSizeDefault: 20,
  pageSizeDeleted: 30,
  pageSizeCorrelation: 20,
  pageSizeMax: 100,
  searchMinLength: 3,
  /**
   * A search looks at this many matching items at most: when a word is in more, the most recently
   * added of them, those with the words in their title first, then newest (`meta.total` stops
   * there); fewer are ranked by relevance. Ranking every match of a common word made a first
   * search take seconds at a million items.
   */
  searchMatchesMax: 1000,
  previewLength: 150,
  correlationPreviewLength: 50,
  snippetRadius: 75,
  smallScreenPx: 768,
  cardMinWidthPx: 400,
  missingTranslationDebounceMs: 1_000,
  reloadGuardMs: 10_000,
  passwordMinLength: 8,
  passwordMaxLength: 200,
  nameMaxLength: 120,
  emailMaxLength: 254,
  passwordResetTokenMinutes: 60,
  emailVerificationMinutes: 60 * 24,
  /**
   * Login throttling (server auth/throttle.ts) counts failed logins; the attempt after the limit is
   * refused with 429 and Retry-After until the window that began with the first failure ends.
   * Per account and address (or per known device: a browser that logged in to the account before,
   * which is checked against this counter only, so strangers cannot lock its owner out).
   */
  loginMaxAttempts: 5,
  loginDecaySeconds: 60,
  /**
   * Per account from all addresses without a known-device cookie: several relatives mistyping on
   * new devices stay under it, while a botnet gets about 2,400 guesses a day, not 100 a minute.
   */
  loginAccountMaxAttempts: 25,
  loginAccountDecaySeconds: 15 * 60,
  /**
   * Per address across all accounts (an IPv6 /64 counts as one address): generous for a family
   * behind one NAT, yet one address can no longer try every account.
   */
  loginAddressMaxAttempts: 75,
  loginAddressDecaySeconds: 60 * 60,
  /**
   * Distinct accounts one address may fail at in its window (an IPv6 /64 counts as one address):
   * a family behind one NAT mistypes on a few accounts, while password spraying tries many
   * accounts with a few guesses each, which the per-address total alone would let through.
   */
  loginAddressMaxAccounts: 15,
  loginAddressAccountsDecaySeconds: 60 * 60,
  /** A browser stays a known device of an account this long after its last successful login. */
  loginKnownDeviceDays: 180,
  /**
   * An e-mailed one-time sign-in link (the way in for an owner whose account strangers keep
   * locked) is valid this long, and an account gets at most `loginLinkAccountMaxMails` of them per
   * window of the same length: whenever a stranger has used up an account's mails, the links those
   * mails carry are still valid in its owner's inbox.
   */
  loginLinkMinutes: 15,
  loginLinkAccountMaxMails: 3,
  /** Link requests per address (an IPv6 /64 counts as one), whatever address they name. */
  loginLinkAddressMaxRequests: 10,
  loginLinkAddressDecaySeconds: 60 * 60,
  /** Largest accepted upload (FilePond), 200 MiB. */
  uploadMaxBytes: 200 * 1024 * 1024,
} as const;

/** Loading bar timings: shown after 200 ms, progress over 2 s, hidden 500 ms after the end. */
export const LOADING_BAR = {
  durationMs: 2_000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

/** Non-idempotent requests are retried once on these statuses; idempotent ones never. */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

export const DEFAULT_THEME_COLORS = {
  maincolor: '#003459',
  modulomaincolor: '#ffffff',
  primarycolor: '#00a8e8',
  moduloprimarycolor: '#ffffff',
  secondarycolor: '#007ea7',
  modulosecondarycolor: '#ffffff',
} as const;

export const DEFAULT_SITEPARAMS = {
  isnavbarleft: true,
  isnavbarexpanded: true,
  darkMode: false,
  language: DEFAULT_USER_LANGUAGE,
} as const;

/** Names of the cookies of the Sanctum SPA dialect. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_COOKIE = 'kinfolio_session';
