import { Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  adminSettingsBody,
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  type AdminSettings,
} from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
import { AdminSection, LoadedSettings } from './AdminSection';
import { SettingsForm } from './SettingsForm';
import { useUpdateSettings } from '../mutations';
import { adminQueries } from '../queries';

type TileValues = Pick<AdminSettings, 'map_tile_url' | 'map_tile_attribution'>;

function Fields({ initial }: { initial: TileValues }) {
  const { t } = useTranslation('admin');
  const save = useUpdateSettings();
  const server = useServerForm<TileValues>({
    initialValues: initial,
    schema: adminSettingsBody,
    send: async (values) => {
      await save.mutateAsync(values);
      form.resetDirty(values);
    },
  });
  const { form } = server;
  const on = form.values.map_tile_url !== null;
  return (
    <SettingsForm server={server} saving={save.isPending} saveLabel={t('mapTiles.save')}>
      <Switch
        label={t('mapTiles.on')}
        description={t('mapTiles.onHelp')}
        checked={on}
        onChange={(event) =>
          form.setFieldValue(
            'map_tile_url',
            event.currentTarget.checked ? DEFAULT_MAP_TILE_URL : null,
          )
        }
      />
      {on ? (
        <>
          <TextInput
            label={t('mapTiles.url')}
            description={t('mapTiles.urlHelp')}
            {...form.getInputProps('map_tile_url')}
            value={form.values.map_tile_url ?? ''}
          />
          <TextInput
            label={t('mapTiles.attribution')}
            description={t('mapTiles.attributionHelp')}
            placeholder={DEFAULT_MAP_TILE_ATTRIBUTION}
            {...form.getInputProps('map_tile_attribution')}
          />
        </>
      ) : null}
    </SettingsForm>
  );
}

/**
 * The map's tile server (OpenStreetMap's public tiles by default, loaded by the readers'
 * browsers), or none: the map then draws its bundled world outline only.
 */
export function MapTilesForm() {
  const { t } = useTranslation('admin');
  const settings = useQuery(adminQueries.settings());
  return (
    <AdminSection words="mapTiles" intro>
      <LoadedSettings query={settings} error={t('mapTiles.loadError')} height={160}>
        {(loaded) => (
          <Fields
            initial={{
              map_tile_url: loaded.map_tile_url,
              map_tile_attribution: loaded.map_tile_attribution,
            }}
          />
        )}
      </LoadedSettings>
    </AdminSection>
  );
}
