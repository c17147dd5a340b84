import type { Permission, UiLanguage } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { normalizeLanguage } from '@/shared/i18n';
import { useSession } from '@/shared/session';

/** The interface language, to pick which name of a category or tag to show. */
export function useUiLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Whether the logged-in user may use the controls that write (hidden otherwise). */
export function useCan(permission: Permission): boolean {
  return useSession().hasPermission(permission);
}
