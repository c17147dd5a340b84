import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { Themecolors } from '@kinfolio/contract';
import { contrastRatio, generatePalette, hexToRgb, readableOn, rgbToHex } from './color';

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
    components: {
      // The focus placeholder is a role=presentation child of role=menu, which screen readers
      // (and axe: aria-required-children) take as a broken menu.
      // A plain object, not Menu.extend(): that would pull the menu (and floating-ui) into the
      // first load.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    },
    other: tokens,
  });
}

/** The light grey of table stripes and the logged-out background: text must read on it too. */
const LIGHT_SURFACE = '#f1f3f5';

/** `color` darkened step by step until it reaches WCAG AA (4.5:1) on `background`. */
export function darkenUntilReadable(color: string, background: string): string {
  let rgb = hexToRgb(color);
  for (let i = 0; i < 30 && contrastRatio(rgbToHex(rgb), background) < 4.5; i++) {
    rgb = [rgb[0] * 0.92, rgb[1] * 0.92, rgb[2] * 0.92];
  }
  return rgbToHex(rgb);
}

/**
 * Light scheme: Mantine paints coloured text (links, `c="orange"`, light badges) with shades that
 * are often under 4.5:1, e.g. the default primary #00a8e8 on white. Each palette gets readable
 * text colours instead; the dark scheme's lighter shades already read well.
 */
function readableLightColors(colors: MantineThemeOverride['colors']): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors ?? {})) {
    // Virtual colours are objects, not ten-shade tuples.
    if (!Array.isArray(shades)) continue;
    const [tint, filled, deep] = [shades[1], shades[6], shades[9]] as (string | undefined)[];
    if (!tint || !filled || !deep) continue;
    // Text on the page (filled shade), and text of light variants (shade 9 on shade 1).
    variables[`--mantine-color-${name}-text`] = darkenUntilReadable(filled, LIGHT_SURFACE);
    variables[`--mantine-color-${name}-light-color`] = darkenUntilReadable(deep, tint);
  }
  return variables;
}

/** Exposes the tokens as CSS variables for the app shell styles. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const tokens = theme.other as ReturnType<typeof themeTokens>;
  const light = readableLightColors(theme.colors);
  return {
    variables: {
      '--kf-main': tokens.main,
      '--kf-on-main': tokens.onMain,
      '--kf-primary': tokens.primary,
      '--kf-on-primary': tokens.onPrimary,
      '--kf-secondary': tokens.secondary,
      '--kf-on-secondary': tokens.onSecondary,
    },
    // Mantine's dimmed text (gray-6 / dark-2) is under WCAG AA's 4.5:1 on the page backgrounds.
    light: {
      ...light,
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      // Field errors (red-6 by default) are under 4.5:1 too.
      '--mantine-color-error': 'var(--mantine-color-red-text)',
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-error': 'var(--mantine-color-red-5)',
    },
  };
};
