import { Skeleton, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/react';
import { useUpdateSettings } from '../mutations';
import { adminQueries } from '../queries';

/** Opens or closes self-registration for the whole site. */
export function RegistrationSwitch() {
  const { t } = useTranslation('admin');
  const settings = useQuery(adminQueries.settings());
  const update = useUpdateSettings();

  if (settings.isPending) return <Skeleton height={40} width={280} />;
  const checked = update.isPending
    ? Boolean(update.variables?.registration_enabled)
    : Boolean(settings.data?.registration_enabled);

  return (
    <Switch
      // The label says the state itself (a switch's position alone is easy to misread).
      label={checked ? t('registration.labelOpen') : t('registration.labelClosed')}
      description={checked ? t('registration.open') : t('registration.closed')}
      checked={checked}
      disabled={update.isPending || settings.isError}
      onChange={(event) => update.mutate({ registration_enabled: event.currentTarget.checked })}
    />
  );
}
