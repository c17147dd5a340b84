import {
  ORGANISATION_LIMITS,
  type SiteTranslation,
  type SiteTranslationUpdateBody,
} from '@kinfolio/contract';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../context.js';
import { fieldError, HttpError } from '../../http/errors.js';
import {
  siteTranslationsRepository,
  type SiteTranslationRow,
  type SiteTranslationValues,
} from './repository.js';

export function presentSiteTranslation(row: SiteTranslationRow): SiteTranslation {
  return { id: row.id, key: row.key, text: { fr: row.fr, en: row.en, it: row.it, de: row.de } };
}

export async function listSiteTranslations(ctx: AppContext): Promise<SiteTranslation[]> {
  return (await siteTranslationsRepository(ctx.db).listAll()).map(presentSiteTranslation);
}

/** Limits missing-key reports per user (one app instance counts its own requests). */
export function reportThrottle() {
  const limiter = new RateLimiterMemory({
    points: ORGANISATION_LIMITS.translationReportsPerMinute,
    duration: 60,
  });
  return async (userId: number): Promise<void> => {
    try {
      await limiter.consume(String(userId));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new HttpError(
        429,
        'http.too_many_requests',
        { seconds },
        { 'Retry-After': String(seconds) },
      );
    }
  };
}

/**
 * Records a key the web app met without a value, with empty values; idempotent. `created` tells
 * whether this call added it; two identical concurrent reports add it once. Only keys the app
 * ships are accepted, so however many users report, reports add at most that many rows.
 */
export async function reportMissingKey(
  ctx: AppContext,
  shippedKeys: ReadonlySet<string>,
  key: string,
): Promise<{ translation: SiteTranslation; created: boolean }> {
  if (!shippedKeys.has(key)) throw fieldError('key', 'translations.unknown_key');
  const repo = siteTranslationsRepository(ctx.db);
  const inserted = await repo.insertIfAbsent(key, ctx.now().toISOString());
  if (inserted) return { translation: presentSiteTranslation(inserted), created: true };
  return { translation: presentSiteTranslation((await repo.findByKey(key))!), created: false };
}

/** Sets the given languages' values; undefined when the key does not exist. */
export async function updateSiteTranslation(
  ctx: AppContext,
  id: number,
  body: SiteTranslationUpdateBody,
): Promise<SiteTranslation | undefined> {
  const repo = siteTranslationsRepository(ctx.db);
  const values: SiteTranslationValues = {};
  for (const language of ['fr', 'en', 'it', 'de'] as const) {
    const value = body.text[language];
    if (value !== undefined) values[language] = value;
  }
  const row =
    Object.keys(values).length > 0
      ? await repo.update(id, values, ctx.now().toISOString())
      : await repo.find(id);
  return row && presentSiteTranslation(row);
}
