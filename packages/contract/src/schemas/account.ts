import { z } from 'zod';
import { idField } from './common.js';

/** A user's two pictures: the profile picture and the site picture (their banner). */
export const PICTURE_KINDS = ['profile', 'site'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

export const PICTURE_SIZES = ['small', 'medium', 'large'] as const;
export type PictureSize = (typeof PICTURE_SIZES)[number];

/**
 * Pictures are stored as WebP only, resized to fit these boxes (longest side, in pixels): an
 * avatar is shown small in lists and larger on the profile, the site picture as a banner.
 */
export const PICTURE_PIXELS: Record<PictureKind, Record<PictureSize, number>> = {
  profile: { small: 64, medium: 256, large: 512 },
  site: { small: 480, medium: 1280, large: 1920 },
};

export const PICTURE_LIMITS = {
  /** A phone photo, with room to spare; larger is refused with 413 before it is decoded. */
  maxBytes: 15 * 1024 * 1024,
  /** Beyond this a picture is most likely a decompression bomb. */
  maxInputPixels: 100_000_000,
  /** What the pickers offer; the server checks the bytes themselves, not the declared type. */
  accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'],
} as const;

/** The addresses of a picture's sizes; each changes whenever the picture does. */
export const pictureSchema = z.object({
  small: z.string(),
  medium: z.string(),
  large: z.string(),
});
export type Picture = z.infer<typeof pictureSchema>;

export const userPictureParams = z.object({
  id: idField,
  kind: z.enum(PICTURE_KINDS),
  size: z.enum(PICTURE_SIZES),
});

/** `v` is the picture's version: a new picture has a new address, so it can be cached for good. */
export const userPictureQuery = z.object({ v: z.string().max(64).optional() });

/**
 * Social login providers: the browser goes to /api/auth/login/{provider}; enabled only when
 * configured.
 */
export const AUTH_PROVIDERS = ['oidc', 'google', 'github', 'microsoft'] as const;
export type AuthProviderId = (typeof AUTH_PROVIDERS)[number];

export const authProviderSchema = z.object({
  id: z.enum(AUTH_PROVIDERS),
  /** The name shown on its button: OIDC_NAME for the generic provider. */
  name: z.string(),
});
export type AuthProvider = z.infer<typeof authProviderSchema>;

export const authProviderParams = z.object({ provider: z.string().max(40) });

/** `remember`: keep the session as the password form's "remember me" does. */
export const authLoginQuery = z.object({
  remember: z
    .enum(['0', '1'])
    .optional()
    .catch(undefined)
    .transform((value) => value === '1'),
});

/** What a provider sends back; anything malformed is treated as a failed login, not a 422. */
export const authCallbackQuery = z.object({
  code: z.string().max(4000).optional().catch(undefined),
  state: z.string().max(400).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
  iss: z.string().max(2000).optional().catch(undefined),
});

/**
 * Why a social login came back to the login form (`/?login_error=…`), worded by the web app:
 * consent denied, a stale or forged state, the provider unreachable or refusing, no account for a
 * verified address while registration is closed, an e-mail the provider has not verified, a
 * deactivated account, an identity already linked to someone else, or too many attempts.
 */
export const LOGIN_ERRORS = [
  'denied',
  'state',
  'provider',
  'no_account',
  'unverified',
  'inactive',
  'linked_elsewhere',
  'throttled',
] as const;
export type LoginError = (typeof LOGIN_ERRORS)[number];

export const linkedIdentitySchema = z.object({
  id: z.number().int(),
  provider: z.enum(AUTH_PROVIDERS),
  provider_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

/** The profile's linked accounts, and whether a password is another way in. */
export const linkedIdentitiesSchema = z.object({
  has_password: z.boolean(),
  identities: z.array(linkedIdentitySchema),
});
export type LinkedIdentities = z.infer<typeof linkedIdentitiesSchema>;
