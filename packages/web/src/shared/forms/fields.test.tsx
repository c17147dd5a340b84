import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { CurrentPasswordField, EmailField, NameField, NewPasswordFields } from './fields';
import { ServerForm } from './ServerForm';
import { useServerForm } from './useServerForm';

const EMPTY = {
  name: '',
  email: '',
  current_password: '',
  password: '',
  password_confirmation: '',
};

/** Every shared field in one form, as the account screens put them together. */
function AccountFields({ send }: { send: () => Promise<unknown> }) {
  const server = useServerForm<typeof EMPTY>({
    initialValues: EMPTY,
    validate: (values): Record<string, string> => (values.name ? {} : { name: 'Needed' }),
    send,
  });
  return (
    <ServerForm state={server} submitLabel="Save">
      <NameField form={server.form} label="Name" />
      <EmailField form={server.form} label="Email" description="We write to it" />
      <CurrentPasswordField form={server.form} label="Current" path="current_password" />
      <NewPasswordFields
        form={server.form}
        labels={{ password: 'New', hint: 'At least 8', confirmation: 'Again' }}
      />
    </ServerForm>
  );
}

async function renderFields(send: () => Promise<unknown> = () => Promise.resolve()) {
  await i18n.changeLanguage('en');
  render(
    <MantineProvider>
      <AccountFields send={send} />
    </MantineProvider>,
  );
}

describe('the shared account fields', () => {
  it('are required and tell the browser what each one holds', async () => {
    await renderFields();
    const expected = [
      ['Name', 'name', null],
      ['Email', 'email', 'email'],
      ['Current', 'current-password', 'password'],
      ['New', 'new-password', 'password'],
      ['Again', 'new-password', 'password'],
    ] as const;
    for (const [label, autoComplete, type] of expected) {
      const input = screen.getByLabelText(new RegExp(`^${label}`));
      expect(input, label).toBeRequired();
      expect(input, label).toHaveAttribute('autocomplete', autoComplete);
      if (type) expect(input, label).toHaveAttribute('type', type);
    }
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('We write to it');
    expect(screen.getByLabelText(/^New/)).toHaveAccessibleDescription('At least 8');
  });

  it('are bound to their form: typed values are sent, and errors land under them', async () => {
    const { ApiError } = await import('@/shared/api/ApiError');
    const refusal = new ApiError(422, 'Invalid', {
      errors: { email: ['Taken'], current_password: ['Wrong'], password_confirmation: ['Differs'] },
    });
    await renderFields(() => Promise.reject(refusal));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.getByLabelText(/^Current/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Again/)).toHaveAccessibleDescription('Differs');
  });
});
