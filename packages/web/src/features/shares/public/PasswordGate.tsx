import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { EyeIcon, EyeOffIcon } from '@/shared/ui/icons';
import { PublicError, unlockShare } from './publicApi';
import { forgetShare } from './queries';

/**
 * A link with a password shows nothing before it is typed: the server then sets a cookie that
 * opens this link only, for a while, and the page asks again.
 */
export function PasswordGate({ token }: { token: string }) {
  const { t } = useTranslation('shares');
  const id = useId();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(t('public.password.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unlockShare(token, password);
      forgetShare(token);
    } catch (failure) {
      const status = failure instanceof PublicError ? failure.status : 0;
      setError(
        status === 401
          ? t('public.password.wrong')
          : status === 429
            ? t('public.failure.429.message')
            : failure instanceof PublicError && failure.message
              ? failure.message
              : t('public.failure.0.message'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="kf-public-gate kf-public-stack"
    >
      <h1 className="kf-public-title">{t('public.password.title')}</h1>
      <p className="kf-public-small">{t('public.password.explain')}</p>
      <div className="kf-public-field">
        <label htmlFor={`${id}-password`}>{t('public.password.label')}</label>
        <div className="kf-public-input-row">
          <input
            id={`${id}-password`}
            className="kf-public-input"
            type={visible ? 'text' : 'password'}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            autoComplete="off"
            // The page is the password's form and nothing else.
            autoFocus
          />
          <button
            type="button"
            className="kf-public-icon-button is-inside"
            aria-label={t('public.password.show')}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="kf-public-error">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="kf-public-button" aria-busy={busy || undefined}>
        {busy ? <span className="kf-public-spinner is-small" aria-hidden /> : null}
        {t('public.password.open')}
      </button>
    </form>
  );
}
