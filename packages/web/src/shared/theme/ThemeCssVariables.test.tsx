import { DEFAULT_THEME_COLORS } from '@kinfolio/contract';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTheme, cssVariablesResolver } from './buildTheme';
import { ThemeCssVariables } from './ThemeCssVariables';

/** Each rule's selector and declarations of a `<style>`'s text: `selector -> name -> value`. */
function declarations(css: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const values = new Map<string, string>();
    for (const part of body!.split(';')) {
      const at = part.indexOf(':');
      if (at > 0) values.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
    }
    rules.set(selector!.trim(), values);
  }
  return rules;
}

const styleText = (container: HTMLElement) =>
  [...container.ownerDocument.querySelectorAll('style[data-mantine-styles]')]
    .map((style) => style.textContent ?? '')
    .join('\n');

describe('<ThemeCssVariables>', () => {
  const theme = buildTheme({ ...DEFAULT_THEME_COLORS, primarycolor: '#7b2cbf' });

  it("writes every variable MantineProvider's own style would, with the same value", () => {
    const mantine = render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p />
      </MantineProvider>,
    );
    const expected = declarations(styleText(mantine.container));
    mantine.unmount();
    const ours = render(
      <MantineProvider theme={theme} withCssVariables={false}>
        <ThemeCssVariables />
      </MantineProvider>,
    );
    const actual = declarations(styleText(ours.container));
    expect(expected.size).toBeGreaterThan(0);
    let compared = 0;
    for (const [selector, values] of expected) {
      for (const [name, value] of values) {
        expect(actual.get(selector)?.get(name), `${selector} ${name}`).toBe(value);
        compared += 1;
      }
    }
    // The app's own variables are there too (primary palette, readable light colours).
    expect(compared).toBeGreaterThan(50);
    expect(actual.get(':root, :host')?.get('--kf-primary')).toBe('#7b2cbf');
  });

  it('follows a change of the theme', () => {
    const first = render(
      <MantineProvider theme={theme} withCssVariables={false}>
        <ThemeCssVariables />
      </MantineProvider>,
    );
    const other = buildTheme({ ...DEFAULT_THEME_COLORS, primarycolor: '#2d6a4f' });
    first.rerender(
      <MantineProvider theme={other} withCssVariables={false}>
        <ThemeCssVariables />
      </MantineProvider>,
    );
    const root = declarations(styleText(first.container)).get(':root, :host');
    expect(root?.get('--kf-primary')).toBe('#2d6a4f');
  });
});
