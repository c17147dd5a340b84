export { buildTheme, cssVariablesResolver, themeTokens } from './buildTheme';
export { ThemeCssVariables, themeVariablesCss } from './ThemeCssVariables';
export { contrastRatio, generatePalette, readableOn } from './color';
export {
  COLOR_SCHEME_STORAGE_KEY,
  colorSchemeManager,
  readColorSchemePreference,
  resolveForcedScheme,
  setColorSchemePreference,
  type ColorSchemePreference,
  type ForcedColorScheme,
} from './colorScheme';
export {
  applyThemeColors,
  resetThemeColors,
  usePreviewThemeColors,
  useThemeColors,
  useThemeColorsStore,
} from './themeColors';
