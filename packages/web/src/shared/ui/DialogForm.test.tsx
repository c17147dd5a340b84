import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { renderInMantine } from '@/shared/test/renderInMantine';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { DialogActions, DialogForm } from './DialogForm';

function renderForm(server: { formError: unknown; submitting: boolean }) {
  const submit = vi.fn((event?: { preventDefault: () => void }) => event?.preventDefault());
  const cancel = vi.fn();
  renderInMantine(
    <DialogForm
      server={{ submit, formError: server.formError, form: { submitting: server.submitting } }}
      onCancel={cancel}
      label="Create"
    >
      <TextInput label="Name" />
    </DialogForm>,
  );
  return { submit, cancel };
}

describe('DialogForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('empty: its fields, then the common Cancel and the action, which submits the form', async () => {
    const { submit, cancel } = renderForm({ formError: null, submitting: false });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(submit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('refused: the server’s refusal above the fields', () => {
    renderForm({ formError: 'This name is taken', submitting: false });
    expect(screen.getByText('This name is taken')).toBeInTheDocument();
  });

  it('sending: the action spins and cannot be pressed twice', () => {
    renderForm({ formError: null, submitting: true });
    const button = screen.getByRole('button', { name: 'Create' });
    expect(button).toHaveAttribute('data-loading', 'true');
  });
});

describe('DialogActions', () => {
  it('runs its own action (not a submission), off until a choice is made', async () => {
    const confirm = vi.fn();
    const actions = (disabled: boolean) => (
      <DialogActions
        cancelLabel="Keep"
        onCancel={() => undefined}
        label="Merge"
        loading={false}
        disabled={disabled}
        onConfirm={confirm}
      />
    );
    const { rerender } = renderInMantine(actions(true));
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();
    rerender(actions(false));
    const merge = screen.getByRole('button', { name: 'Merge' });
    expect(merge).toHaveAttribute('type', 'button');
    await userEvent.click(merge);
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
