import {
  convertCssVariables,
  defaultCssVariablesResolver,
  useMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { memo } from 'react';
import { cssVariablesResolver } from './buildTheme';

/** The last theme's variables: a colour picker's preview makes a new theme at every step. */
let last: { key: string; css: string } | null = null;

/** The theme's CSS variables, Mantine's and then the app's (`cssVariablesResolver`), as CSS. */
export function themeVariablesCss(theme: MantineTheme): string {
  // The theme's data (its functions aside) decides every variable.
  const key = JSON.stringify(theme);
  if (last?.key !== key) {
    const base = defaultCssVariablesResolver(theme);
    const own = cssVariablesResolver(theme);
    const css = convertCssVariables({
      variables: { ...base.variables, ...own.variables },
      light: { ...base.light, ...own.light, '--mantine-color-scheme': 'light' },
      dark: { ...base.dark, ...own.dark, '--mantine-color-scheme': 'dark' },
    });
    last = { key, css };
  }
  return last.css;
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
