import { ColorInput, SimpleGrid } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from '@/shared/i18n/react';
import { DEFAULT_THEME_COLORS, type Themecolors } from '@kinfolio/contract';

export const THEME_COLOR_KEYS = Object.keys(DEFAULT_THEME_COLORS) as (keyof Themecolors)[];

const SWATCHES = [
  '#003459',
  '#00a8e8',
  '#007ea7',
  '#2f4858',
  '#6b2737',
  '#2d6a4f',
  '#7b2cbf',
  '#c9184a',
  '#e85d04',
  '#ffffff',
  '#f8f9fa',
  '#000000',
];

interface ThemeColorsFieldsProps {
  inputProps: (key: keyof Themecolors) => GetInputPropsReturnType;
}

/** The six colours, each base colour next to the text colour drawn on it. */
export function ThemeColorsFields({ inputProps }: ThemeColorsFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {THEME_COLOR_KEYS.map((key) => (
        <ColorInput
          key={key}
          label={t(`colors.${key}`)}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={6}
          withEyeDropper={false}
          required
          {...inputProps(key)}
        />
      ))}
    </SimpleGrid>
  );
}
