import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Snippet } from './Snippet';

describe('<Snippet>', () => {
  it('renders only mark elements from the snippet, everything else as text', () => {
    const { container } = render(
      <MantineProvider>
        <Snippet
          snippet={'<img src=x onerror="alert(1)"> &lt;b&gt; <mark>école</mark> fin'}
          lang="fr"
        />
      </MantineProvider>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['école']);
    expect(container.querySelector('p')?.textContent).toBe(
      '<img src=x onerror="alert(1)"> <b> école fin',
    );
  });

  it('sets the writing direction of Arabic snippets', () => {
    const { container } = render(
      <MantineProvider>
        <Snippet snippet="<mark>بيت</mark>" lang="ar" />
      </MantineProvider>,
    );
    expect(container.querySelector('[dir="rtl"]')).not.toBeNull();
  });
});
