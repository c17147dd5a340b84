import { negotiateUiLanguage, type UiLanguage } from '@kinfolio/contract';
import { catalogues, type MessageKey } from './messages.js';

export type { MessageKey };

export function isMessageKey(value: string): value is MessageKey {
  return value in catalogues.en;
}

export function translate(
  language: UiLanguage,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogues[language][key] ?? catalogues.en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

export function languageOf(acceptLanguage: string | string[] | undefined): UiLanguage {
  return negotiateUiLanguage(Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage);
}

/** The language a request is answered in: its Accept-Language, as the web app sets it. */
export function requestLanguage(request: {
  headers: { 'accept-language'?: string | string[] | undefined };
}): UiLanguage {
  return languageOf(request.headers['accept-language']);
}

/** A message in the request's language: the `message` of a write's answer. */
export function say(
  request: { headers: { 'accept-language'?: string | string[] | undefined } },
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  return translate(requestLanguage(request), key, params);
}
