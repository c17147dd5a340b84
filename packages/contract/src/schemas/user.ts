import { z } from 'zod';
import { DEFAULT_SITEPARAMS, DEFAULT_THEME_COLORS, UI_LANGUAGES } from '../constants.js';
import { PERMISSIONS } from '../permissions.js';
import { pictureSchema } from './account.js';
import { emailField, nameField, VALIDATION_KEYS } from './common.js';

const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: VALIDATION_KEYS.hexColor })
  .transform((value) => value.toLowerCase());

/*
 * Field shapes without defaults: a PATCH must leave absent keys alone, and zod 4 applies a
 * field's default even inside `.partial()`.
 */
const siteparamsFields = {
  isnavbarleft: z.boolean(),
  isnavbarexpanded: z.boolean(),
  darkMode: z.boolean(),
  language: z.enum(UI_LANGUAGES),
};
const themecolorsFields = {
  maincolor: hexColor,
  modulomaincolor: hexColor,
  primarycolor: hexColor,
  moduloprimarycolor: hexColor,
  secondarycolor: hexColor,
  modulosecondarycolor: hexColor,
};

/** Stored siteparams; missing keys take the spec's defaults. */
export const siteparamsSchema = z.object({
  isnavbarleft: siteparamsFields.isnavbarleft.default(DEFAULT_SITEPARAMS.isnavbarleft),
  isnavbarexpanded: siteparamsFields.isnavbarexpanded.default(DEFAULT_SITEPARAMS.isnavbarexpanded),
  darkMode: siteparamsFields.darkMode.default(DEFAULT_SITEPARAMS.darkMode),
  language: siteparamsFields.language.default(DEFAULT_SITEPARAMS.language),
});
export type Siteparams = z.infer<typeof siteparamsSchema>;

/** Stored themecolors; missing keys take the spec's defaults. */
export const themecolorsSchema = z.object({
  maincolor: hexColor.default(DEFAULT_THEME_COLORS.maincolor),
  modulomaincolor: hexColor.default(DEFAULT_THEME_COLORS.modulomaincolor),
  primarycolor: hexColor.default(DEFAULT_THEME_COLORS.primarycolor),
  moduloprimarycolor: hexColor.default(DEFAULT_THEME_COLORS.moduloprimarycolor),
  secondarycolor: hexColor.default(DEFAULT_THEME_COLORS.secondarycolor),
  modulosecondarycolor: hexColor.default(DEFAULT_THEME_COLORS.modulosecondarycolor),
});
export type Themecolors = z.infer<typeof themecolorsSchema>;

export const permissionSchema = z.enum(PERMISSIONS);

/** The logged-in user as returned by GET /api/logged-in-user and user updates. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  permissions: z.array(z.string()),
  siteparams: siteparamsSchema,
  themecolors: themecolorsSchema,
  active: z.boolean(),
  /** The profile picture's addresses, or null: the initials stand in for it. */
  picture: pictureSchema.nullable(),
  /** The site picture (the user's own banner), or null. */
  site_picture: pictureSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What any logged-in user may see of the others (GET /api/users). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  picture: pictureSchema.nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A pending invitation, shown beside the invited account (inactive until it is accepted). */
export const pendingInvitationSchema = z.object({
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** What an admin sees of every user (GET /api/admin-users). */
export const adminUserSchema = currentUserSchema.extend({
  last_login_at: z.string().nullable(),
  invitation: pendingInvitationSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * PATCH /api/update-user: the client sends the user; only these fields are taken, each optional,
 * siteparams and themecolors merged key by key over the stored ones.
 */
export const updateUserBody = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  siteparams: z.object(siteparamsFields).partial().optional(),
  themecolors: z.object(themecolorsFields).partial().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** PATCH /api/admin-users/{id}. */
export const adminUserPatchBody = z.object({
  name: nameField.optional(),
  email: emailField.optional(),
  permissions: z.array(permissionSchema).optional(),
  active: z.boolean().optional(),
});
export type AdminUserPatchBody = z.infer<typeof adminUserPatchBody>;

/**
 * `map_tile_url`: the map's tile server, a URL template with `{z}`, `{x}`, `{y}` (and optionally
 * `{s}`, `{r}`) that browsers load tiles from (default OpenStreetMap's public tiles), or null to
 * turn tiles off (the map then draws its bundled world outline only); `map_tile_attribution` the
 * credit shown on the map (HTML, links only).
 */
const mapTileUrl = z
  .string()
  .trim()
  .max(500)
  // One check, one message: an address without its scheme and placeholders is told once.
  .refine(
    (url) =>
      /^https?:\/\/[^\s"'<>]+$/.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
    { message: VALIDATION_KEYS.tileUrl },
  )
  .nullable();
const mapTileAttribution = z.string().trim().max(500);

export const adminSettingsSchema = z.object({
  registration_enabled: z.boolean(),
  map_tile_url: mapTileUrl,
  map_tile_attribution: mapTileAttribution,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
/** PATCH /api/admin-settings: absent settings are unchanged. */
export const adminSettingsBody = adminSettingsSchema.partial();
export type AdminSettingsBody = z.infer<typeof adminSettingsBody>;

/** Public facts the logged-out home page needs. */
export const appStateSchema = z.object({
  needs_setup: z.boolean(),
  registration_enabled: z.boolean(),
  /** The map's tiles (see `adminSettingsSchema`): null when turned off. */
  map_tile_url: z.string().nullable(),
  map_tile_attribution: z.string(),
});
export type AppState = z.infer<typeof appStateSchema>;

/** PATCH /api/admin-settings: the message and the settings as saved. */
export const adminSettingsSaved = adminSettingsSchema.extend({ message: z.string() });
export type AdminSettingsSaved = z.infer<typeof adminSettingsSaved>;
