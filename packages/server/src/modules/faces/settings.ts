import type { AppContext } from '../../context.js';

export const FACE_SETTING_KEYS = {
  enabled: 'faces_enabled',
  autoLink: 'faces_auto_link',
} as const;

/**
 * Distances between descriptors (euclidean, face-api's 128 values): the same person's faces
 * usually lie under 0.5, different people's above 0.6. A suggestion needs a named face closer
 * than `suggest`; a face joins a group of unknown faces closer than `group`; auto-linking (when
 * the admin allows it) needs `autoLink`, strict enough that a wrong name is very unlikely.
 */
export const FACE_THRESHOLDS = { suggest: 0.5, group: 0.45, autoLink: 0.35 } as const;

/** Whether faces run on this installation (FACES=off: never) and the admin left them on. */
export async function facesEnabled(ctx: Pick<AppContext, 'config' | 'settings'>) {
  if (!ctx.config.faces) return false;
  return (await ctx.settings.get(FACE_SETTING_KEYS.enabled)) !== 'false';
}

export async function autoLinkEnabled(ctx: Pick<AppContext, 'settings'>) {
  return (await ctx.settings.get(FACE_SETTING_KEYS.autoLink)) === 'true';
}
