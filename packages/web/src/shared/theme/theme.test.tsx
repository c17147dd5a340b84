import { DEFAULT_THEME_COLORS, type Themecolors } from '@kinfolio/contract';
import { Button, MantineProvider } from '@mantine/core';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useColorSchemeToggle, useSessionStore } from '@/shared/session';
import { clearCookies, stubFetch } from '@/shared/test/fetchStub';
import { buildTheme, cssVariablesResolver, themeTokens } from './buildTheme';
import { contrastRatio, generatePalette, hexToRgb, luminance, readableOn, rgbToHex } from './color';
import {
  COLOR_SCHEME_STORAGE_KEY,
  colorSchemeManager,
  readColorSchemePreference,
  resolveForcedScheme,
  setColorSchemePreference,
} from './colorScheme';
import { applyThemeColors, resetThemeColors, useThemeColorsStore } from './themeColors';

const htmlScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function Provider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      {children}
    </MantineProvider>
  );
}

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.setState({ isLoggedIn: false, user: null, status: 'ready' });
});

describe('colour-scheme preference: system, light or dark, saved locally', () => {
  it('is system ("auto") until chosen, then saved locally', () => {
    expect(readColorSchemePreference()).toBe('auto');
    setColorSchemePreference('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(readColorSchemePreference()).toBe('dark');
    setColorSchemePreference('light');
    expect(readColorSchemePreference()).toBe('light');
    setColorSchemePreference('auto');
    expect(readColorSchemePreference()).toBe('auto');
  });

  it('ignores a corrupt stored value', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'purple');
    expect(readColorSchemePreference()).toBe('auto');
  });

  it('uses the key the pre-paint script public/color-scheme.js reads', () => {
    expect(COLOR_SCHEME_STORAGE_KEY).toBe('kinfolio-color-scheme');
  });

  it('applies a preference set outside React to the mounted app at once', () => {
    render(<Provider>content</Provider>);
    act(() => {
      setColorSchemePreference('dark');
    });
    expect(htmlScheme()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    act(() => {
      setColorSchemePreference('light');
    });
    expect(htmlScheme()).toBe('light');
  });

  it('starts the app with the saved preference', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    render(<Provider>content</Provider>);
    expect(htmlScheme()).toBe('dark');
  });
});

describe('forced colour scheme', () => {
  it('passes light and dark through and leaves pages without one alone', () => {
    expect(resolveForcedScheme('light', true)).toBe('light');
    expect(resolveForcedScheme('dark', false)).toBe('dark');
    expect(resolveForcedScheme(undefined, true)).toBeUndefined();
  });

  it('warns against forcing "system" and follows the OS', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveForcedScheme('system', true)).toBe('dark');
    expect(resolveForcedScheme('system', false)).toBe('light');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/system/);
    warn.mockRestore();
  });
});

describe('useColorSchemeToggle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches between light and dark and saves the choice locally', () => {
    setColorSchemePreference('light');
    const { result } = renderHook(() => useColorSchemeToggle(), { wrapper: Provider });
    expect(result.current.colorScheme).toBe('light');
    act(() => result.current.toggle());
    expect(result.current.colorScheme).toBe('dark');
    expect(htmlScheme()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    act(() => result.current.toggle());
    expect(result.current.colorScheme).toBe('light');
  });

  it('saves siteparams.darkMode for a logged-in user', async () => {
    clearCookies();
    const server = stubFetch();
    server.reply({ status: 200, body: {} });
    useSessionStore.setState({
      isLoggedIn: true,
      status: 'ready',
      user: {
        id: 1,
        name: 'Ada',
        email: 'ada@example.com',
        email_verified_at: null,
        permissions: [],
        siteparams: { isnavbarleft: true, isnavbarexpanded: true, darkMode: false, language: 'en' },
        themecolors: { ...DEFAULT_THEME_COLORS },
        active: true,
        picture: null,
        site_picture: null,
        created_at: '',
        updated_at: '',
      },
    });
    setColorSchemePreference('light');
    const { result } = renderHook(() => useColorSchemeToggle(), { wrapper: Provider });
    await act(async () => {
      result.current.toggle();
    });
    await vi.waitFor(() => expect(server.apiCalls()).toHaveLength(1));
    const call = server.apiCalls()[0];
    expect(call?.method).toBe('PATCH');
    expect(call?.url).toBe('/api/update-user');
    expect(JSON.parse(String(call?.body))).toEqual({ siteparams: { darkMode: true } });
    expect(useSessionStore.getState().user?.siteparams.darkMode).toBe(true);
  });
});

describe('theme colours', () => {
  beforeEach(() => {
    resetThemeColors();
  });

  const colors = () => useThemeColorsStore.getState().colors;

  it('start from the spec defaults', () => {
    expect(colors()).toEqual(DEFAULT_THEME_COLORS);
  });

  it('apply the given colours and keep the others', () => {
    applyThemeColors({ primarycolor: '#112233' });
    expect(colors()).toEqual({ ...DEFAULT_THEME_COLORS, primarycolor: '#112233' });
    applyThemeColors({ maincolor: '#445566' });
    expect(colors().primarycolor).toBe('#112233');
    expect(colors().maincolor).toBe('#445566');
  });

  it('ignore values that are not 6-digit hex colours', () => {
    applyThemeColors({ primarycolor: 'red', maincolor: '#abc', secondarycolor: undefined });
    applyThemeColors(null);
    expect(colors()).toEqual(DEFAULT_THEME_COLORS);
  });

  it('reset to the defaults', () => {
    applyThemeColors({ primarycolor: '#112233' });
    resetThemeColors();
    expect(colors()).toEqual(DEFAULT_THEME_COLORS);
  });

  it('give filled buttons a readable text colour', () => {
    render(
      <MantineProvider theme={buildTheme({ ...DEFAULT_THEME_COLORS })}>
        <Button>Go</Button>
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    // White on the light default primary would be unreadable: black is used instead.
    expect(button.style.getPropertyValue('--button-color')).toBe('#000000');
  });
});

describe('hex conversions', () => {
  it('reads 6- and 3-digit colours and writes clamped lowercase hex', () => {
    expect(hexToRgb('#003459')).toEqual([0, 52, 89]);
    expect(hexToRgb('#fA0')).toEqual([255, 170, 0]);
    expect(rgbToHex([0, 52, 89])).toBe('#003459');
    expect(rgbToHex([300, -4, 127.6])).toBe('#ff0080');
  });
});

describe('contrast (WCAG)', () => {
  it('measures luminance and the contrast ratio', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 10);
  });
});

describe('readableOn', () => {
  it('keeps the chosen contrast colour when it reaches 4.5:1', () => {
    expect(readableOn('#003459', '#ffffff')).toBe('#ffffff');
    expect(readableOn('#ffffff', '#003459')).toBe('#003459');
  });

  it('replaces an unreadable contrast colour with black or white, whichever reads better', () => {
    // The default primary colour is too light for white text (about 2.7:1).
    expect(contrastRatio('#00a8e8', '#ffffff')).toBeLessThan(4.5);
    expect(readableOn('#00a8e8', '#ffffff')).toBe('#000000');
    expect(readableOn('#003459', '#00345a')).toBe('#ffffff');
    expect(readableOn('#ffff00', '#ffffee')).toBe('#000000');
  });

  it('always returns a colour readable on the background', () => {
    for (const bg of ['#000000', '#ffffff', '#7f7f7f', '#ff0000', '#00a8e8', '#007ea7']) {
      for (const fg of ['#ffffff', '#000000', '#808080', '#00a8e8']) {
        expect(contrastRatio(bg, readableOn(bg, fg))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('generatePalette', () => {
  it('gives ten shades with the chosen colour at index 6, light to dark', () => {
    const palette = generatePalette('#00A8E8');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#00a8e8');
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    const lum = palette.map(luminance);
    for (let i = 1; i < lum.length; i += 1) expect(lum[i]).toBeLessThan(lum[i - 1]!);
    expect(palette[0]).not.toBe('#ffffff');
    expect(palette[9]).not.toBe('#000000');
  });
});

describe('buildTheme', () => {
  const colors: Themecolors = { ...DEFAULT_THEME_COLORS };

  it('uses the user colours as primary, secondary and main palettes', () => {
    const theme = buildTheme({ ...colors, primarycolor: '#aa0000', secondarycolor: '#00aa00' });
    expect(theme.primaryColor).toBe('primary');
    expect(theme.colors?.primary?.[6]).toBe('#aa0000');
    expect(theme.colors?.secondary?.[6]).toBe('#00aa00');
    expect(theme.colors?.main?.[6]).toBe(colors.maincolor);
  });

  it('exposes readable contrast colours as CSS variables', () => {
    const tokens = themeTokens(colors);
    expect(tokens.onMain).toBe('#ffffff');
    expect(tokens.onPrimary).toBe('#000000');
    const theme = buildTheme(colors);
    const vars = cssVariablesResolver(theme as Parameters<typeof cssVariablesResolver>[0]);
    expect(vars.variables).toMatchObject({
      '--kf-main': colors.maincolor,
      '--kf-on-main': '#ffffff',
      '--kf-primary': colors.primarycolor,
      '--kf-on-primary': '#000000',
    });
  });
});
