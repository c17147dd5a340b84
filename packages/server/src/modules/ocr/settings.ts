import type { AppContext } from '../../context.js';

export const OCR_SETTING_KEYS = { enabled: 'ocr_enabled' } as const;

/** Whether scans are read on this installation (OCR=off: never) and the admin left it on. */
export async function ocrEnabled(ctx: Pick<AppContext, 'config' | 'settings'>) {
  if (!ctx.config.ocr) return false;
  return (await ctx.settings.get(OCR_SETTING_KEYS.enabled)) !== 'false';
}
