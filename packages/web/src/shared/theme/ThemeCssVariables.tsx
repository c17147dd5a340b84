import {
  convertCssVariables,
  defaultCssVariablesResolver,
  useMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { memo } from 'react';
import { cssVariablesResolver } from './buildTheme';

const cache = new Map<string, string>();

/** The theme's CSS variables, Mantine's and then the app's (`cssVariablesResolver`), as CSS. */
export function themeVariablesCss(theme: MantineTheme): string {
  // The theme's data (its functions aside) decides every variable.
  const key = JSON.stringify(theme);
  let css = cache.get(key);
  if (css === undefined) {
    const base = defaultCssVariablesResolver(theme);
    const own = cssVariablesResolver(theme);
    css = convertCssVariables({
      variables: { ...base.variables, ...own.variables },
      light: { ...base.light, ...own.light, '--mantine-color-scheme': 'light' },
      dark: { ...base.dark, ...own.dark, '--mantine-color-scheme': 'dark' },
    });
    cache.set(key, css);
  }
  return css;
}

/**
 * Stands for MantineProvider's own variables (`withCssVariables={false}`): Mantine recomputes its
 * ~560 variables on each of the provider's renders, four on a list's first load (50 ms of a
 * phone's main thread); these are computed once per theme.
 */
export const ThemeCssVariables = memo(function ThemeCssVariables() {
  const theme = useMantineTheme();
  return (
    <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeVariablesCss(theme) }} />
  );
});
