import { act, render, screen } from '@testing-library/react';
import { Suspense, useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, type Messages } from './core';
import { SITE_TRANSLATIONS_MERGED } from './events';
import { bindTranslation } from './react';

const bundles: Record<string, Record<string, Messages>> = {
  fr: { common: { loading: 'Chargement' }, admin: { title: 'Admin FR' }, archive: { x: 'X fr' } },
  en: { common: { loading: 'Loading' }, admin: { title: 'Admin EN' }, archive: { x: 'X en' } },
};

function setup() {
  const gates: (() => void)[] = [];
  const i18n = createI18n({
    lng: 'fr',
    fallbackLng: 'en',
    supportedLngs: ['fr', 'en'],
    ns: ['common'],
    defaultNS: 'common',
    load: (lng, ns) =>
      new Promise<Messages>((resolve) => {
        gates.push(() => resolve(structuredClone(bundles[lng]?.[ns] ?? {})));
      }),
  });
  const release = () =>
    act(async () => {
      while (gates.length > 0) gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { i18n, useTranslation: bindTranslation(i18n), release };
}

describe('useTranslation', () => {
  it('suspends until its namespaces are in, then reads the first, others with a prefix', async () => {
    const { useTranslation, release } = setup();
    function Page() {
      const { t, ready } = useTranslation(['admin', 'archive']);
      return (
        <p>
          {t('title')} / {t('archive:x')} / {t('x')} / {String(ready)}
        </p>
      );
    }
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await release();
    await release();
    expect(screen.getByText('Admin FR / X fr / x / true')).toBeInTheDocument();
  });

  it('without suspense, says it is not ready, then renders again once loaded', async () => {
    const { useTranslation, release } = setup();
    function Label() {
      const { t, ready } = useTranslation('common', { useSuspense: false });
      return <p>{ready ? t('loading') : 'not ready'}</p>;
    }
    render(<Label />);
    expect(screen.getByText('not ready')).toBeInTheDocument();
    await release();
    await release();
    expect(screen.getByText('Chargement')).toBeInTheDocument();
  });

  it('renders again with a new t on a language change and on merged site translations only', async () => {
    const { i18n, useTranslation, release } = setup();
    await release();
    const renders = vi.fn();
    const memo = vi.fn();
    function Label() {
      const { t, i18n: instance } = useTranslation();
      renders();
      const text = useMemo(() => {
        memo();
        return t('loading');
      }, [t]);
      return (
        <p>
          {text} ({instance.language})
        </p>
      );
    }
    render(<Label />);
    expect(screen.getByText('Chargement (fr)')).toBeInTheDocument();
    const before = renders.mock.calls.length;

    // A bundle arriving is not a reason to render again.
    await act(async () => {
      const admin = i18n.loadNamespaces('admin');
      await release();
      await admin;
    });
    expect(renders).toHaveBeenCalledTimes(before);

    act(() => {
      i18n.addResourceBundle('fr', 'common', { loading: 'Un instant' }, true, true);
    });
    expect(renders).toHaveBeenCalledTimes(before);
    act(() => i18n.emit(SITE_TRANSLATIONS_MERGED));
    expect(screen.getByText('Un instant (fr)')).toBeInTheDocument();
    expect(memo).toHaveBeenCalledTimes(2);

    await act(async () => {
      const change = i18n.changeLanguage('en');
      await release();
      await change;
    });
    expect(screen.getByText('Loading (en)')).toBeInTheDocument();
    expect(memo).toHaveBeenCalledTimes(3);
  });
});
