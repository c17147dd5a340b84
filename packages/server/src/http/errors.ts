import { issueMeaning, type IssueMeaning, type UiLanguage } from '@kinfolio/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../db/errors.js';
import { isMessageKey, languageOf, translate, type MessageKey } from '../i18n/translate.js';

/** An error with a status and a message key; the error handler localises it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly headers: Record<string, string> = {},
    /** Fields the answer carries beside its message (a flag the client acts on). */
    readonly extra: Record<string, string | number | boolean> = {},
  ) {
    super(key);
  }
}

/** The localised 404 every route gives for a row that does not exist. */
export function notFound(): HttpError {
  return new HttpError(404, 'http.not_found');
}

/** The value, or a 404 when the row it stands for does not exist (undefined, null or false). */
export function found<T>(value: T | undefined | null | false): T {
  if (value === undefined || value === null || value === false) throw notFound();
  return value;
}

/**
 * A 422 with messages per field, like Laravel's validation errors. `messageKey` words the top-level
 * `message` (the web app's toast): the generic "invalid data" unless a rule has its own wording.
 */
export class FieldValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly fields: Record<string, MessageKey[]>,
    readonly messageKey: MessageKey = 'validation.failed',
  ) {
    super(messageKey);
  }
}

/** A business rule refused one field: the same wording in `message` and in `errors[field]`. */
export function fieldError(field: string, key: MessageKey): FieldValidationError {
  return new FieldValidationError({ [field]: [key] }, key);
}

const zodLocales: Record<UiLanguage, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  fr: z.locales.fr,
  it: z.locales.it,
  de: z.locales.de,
};

const meaningKeys: Record<Exclude<IssueMeaning['kind'], 'invalid'>, MessageKey> = {
  required: 'validation.required',
  email: 'validation.email',
  minLength: 'validation.min_length',
  maxLength: 'validation.max_length',
  passwordsMismatch: 'validation.passwords_mismatch',
  hexColor: 'validation.hex_color',
  tileUrl: 'validation.tile_url',
};

/**
 * Builds Laravel's `{field: [messages]}` from zod issues, in the request's language: the common
 * cases in our own words, anything else as zod's localised message.
 */
export function localisedIssues(issues: z.core.$ZodIssue[], input: unknown, language: UiLanguage) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    const { kind, ...params } = issueMeaning(issue, input);
    let message = issue.message;
    if (kind !== 'invalid') message = translate(language, meaningKeys[kind], params);
    else if (isMessageKey(issue.message)) message = translate(language, issue.message);
    (errors[field] ??= []).push(message);
  }
  return errors;
}

function revalidate(request: FastifyRequest, context: string | undefined, language: UiLanguage) {
  const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
  const source = context === 'querystring' ? 'query' : (context ?? 'body');
  const schema = schemas?.[context ?? 'body'];
  if (!(schema instanceof z.ZodType)) return undefined;
  const input = (request as unknown as Record<string, unknown>)[source];
  const result = schema.safeParse(input, { error: zodLocales[language]().localeError });
  return result.success ? undefined : localisedIssues(result.error.issues, input, language);
}

const statusKeys: Record<number, MessageKey> = {
  400: 'http.bad_request',
  401: 'auth.unauthenticated',
  403: 'auth.forbidden',
  404: 'http.not_found',
  413: 'http.payload_too_large',
  415: 'http.unsupported_media_type',
  419: 'csrf.mismatch',
  429: 'http.too_many_requests',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, message: translate(language, error.key, error.params) });
    }
    if (error instanceof FieldValidationError) {
      const errors = Object.fromEntries(
        Object.entries(error.fields).map(([field, keys]) => [
          field,
          keys.map((key) => translate(language, key)),
        ]),
      );
      return reply.code(422).send({ message: translate(language, error.messageKey), errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = revalidate(request, error.validationContext, language) ?? {
        _: [error.message],
      };
      return reply.code(422).send({ message: translate(language, 'validation.failed'), errors });
    }
    if (isUniqueViolation(error)) {
      // A write that lost a race to a unique index (the check before it could not see the other
      // request): the client's data conflicts, not a server fault. Services that know the field
      // answer their own 422 first; this keeps any other such race from becoming a 500.
      const message = translate(language, 'validation.unique');
      return reply.code(422).send({ message, errors: { _: [message] } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = statusKeys[status] ?? 'http.bad_request';
      return reply.code(status).send({ message: translate(language, key, { seconds: 60 }) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: translate(language, 'http.server_error') });
  });
}
