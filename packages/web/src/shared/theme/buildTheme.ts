import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { Themecolors } from '@kinfolio/contract';
import { generatePalette, readableOn } from './color';

/** Derived colours actually painted; contrast colours are corrected when unreadable. */
export function themeTokens(colors: Themecolors) {
  return {
    main: colors.maincolor,
    onMain: readableOn(colors.maincolor, colors.modulomaincolor),
    primary: colors.primarycolor,
    onPrimary: readableOn(colors.primarycolor, colors.moduloprimarycolor),
    secondary: colors.secondarycolor,
    onSecondary: readableOn(colors.secondarycolor, colors.modulosecondarycolor),
  };
}

/**
 * Mantine theme from the user's themecolors: `primary` (primaryColor, buttons, links, focus),
 * `secondary` and `main` (app shell header and navbar) as 10-shade palettes.
 */
export function buildTheme(colors: Themecolors): MantineThemeOverride {
  const tokens = themeTokens(colors);
  const onFilled: Record<string, string> = {
    primary: tokens.onPrimary,
    secondary: tokens.onSecondary,
    main: tokens.onMain,
  };
  const variantColorResolver: VariantColorsResolver = (input) => {
    const result = defaultVariantColorsResolver(input);
    const name = input.color ?? input.theme.primaryColor;
    const text = onFilled[name];
    if (input.variant === 'filled' && text) return { ...result, color: text };
    return result;
  };
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: {
      primary: generatePalette(colors.primarycolor),
      secondary: generatePalette(colors.secondarycolor),
      main: generatePalette(colors.maincolor),
    },
    variantColorResolver,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    other: tokens,
  });
}

/** Exposes the tokens as CSS variables for the app shell styles. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const tokens = theme.other as ReturnType<typeof themeTokens>;
  return {
    variables: {
      '--kf-main': tokens.main,
      '--kf-on-main': tokens.onMain,
      '--kf-primary': tokens.primary,
      '--kf-on-primary': tokens.onPrimary,
      '--kf-secondary': tokens.secondary,
      '--kf-on-secondary': tokens.onSecondary,
    },
    light: {},
    dark: {},
  };
};
