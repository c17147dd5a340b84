import { Button, Center, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { z } from 'zod';
import {
  DEFAULT_THEME_COLORS,
  siteparamsSchema,
  themecolorsSchema,
  type CurrentUser,
  type Siteparams,
  type Themecolors,
} from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { setLanguage } from '@/shared/i18n';
import { useSession } from '@/shared/session';
import { applyThemeColors, setColorSchemePreference } from '@/shared/theme';
import { FormAlert, PageTitle } from '@/shared/ui';
import { accountApi } from '../api';
import { LayoutFields } from '../components/LayoutFields';
import { SitePictureCard } from '../components/PictureCards';
import { SectionCard } from '../components/SectionCard';
import { THEME_COLOR_KEYS, ThemeColorsFields } from '../components/ThemeColorsFields';
import { ThemePreview } from '../components/ThemePreview';

const paramsSchema = z.object({ siteparams: siteparamsSchema, themecolors: themecolorsSchema });
type ParamsValues = {
  siteparams: Siteparams;
  themecolors: Themecolors;
};

const valuesOf = (user: CurrentUser): ParamsValues => ({
  siteparams: { ...user.siteparams },
  themecolors: { ...DEFAULT_THEME_COLORS, ...user.themecolors },
});

/** Makes the whole app follow saved preferences at once. */
async function applyPreferences(user: CurrentUser) {
  applyThemeColors(user.themecolors);
  setColorSchemePreference(user.siteparams.darkMode ? 'dark' : 'light');
  await setLanguage(user.siteparams.language);
}

function InterfaceParamsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const { setUser } = useSession();
  const initialValues = valuesOf(user);
  const { form, submit, formError } = useServerForm<ParamsValues>({
    initialValues,
    schema: paramsSchema,
    // Colours preview live across the whole app; invalid hex values are ignored by the theme.
    onValuesChange: (values) => applyThemeColors(values.themecolors),
    fields: [
      ...Object.keys(initialValues.siteparams).map((k) => `siteparams.${k}`),
      ...THEME_COLOR_KEYS.map((k) => `themecolors.${k}`),
    ],
    send: async (values, form) => {
      const res = await accountApi.updateUser(paramsSchema.parse(values));
      setUser(res.user);
      await applyPreferences(res.user);
      form.setInitialValues(valuesOf(res.user));
      form.setValues(valuesOf(res.user));
    },
  });

  // Leaving without saving puts the saved colours back.
  const saved = useRef(user.themecolors);
  saved.current = user.themecolors;
  useEffect(() => () => applyThemeColors(saved.current), []);

  const resetColors = () => form.setFieldValue('themecolors', { ...DEFAULT_THEME_COLORS });
  const cancel = () => form.setValues(valuesOf(user));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormAlert message={formError} mb="md" />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard title={t('interface.layout')} description={t('interface.layoutHint')}>
            <LayoutFields
              inputProps={(key, type) =>
                form.getInputProps(`siteparams.${key}`, type ? { type } : undefined)
              }
              navbarLeft={form.values.siteparams.isnavbarleft}
              onNavbarSide={(left) => form.setFieldValue('siteparams.isnavbarleft', left)}
            />
          </SectionCard>
          <SectionCard title={t('interface.colors')} description={t('interface.colorsHint')}>
            <Stack gap="lg">
              <ThemePreview colors={form.values.themecolors} />
              <ThemeColorsFields inputProps={(key) => form.getInputProps(`themecolors.${key}`)} />
              <Group>
                <Button variant="default" onClick={resetColors}>
                  {t('interface.resetColors')}
                </Button>
              </Group>
            </Stack>
          </SectionCard>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={cancel} disabled={!form.isDirty()}>
            {t('interface.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('interface.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function InterfaceParamsPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle>{t('interface.title')}</PageTitle>
      {user ? (
        <>
          <SectionCard title={t('sitePicture.title')} description={t('sitePicture.description')}>
            <SitePictureCard user={user} />
          </SectionCard>
          <InterfaceParamsForm key={user.id} user={user} />
        </>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('loading')} />
        </Center>
      )}
    </Stack>
  );
}
