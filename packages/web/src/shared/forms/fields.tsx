import { TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PasswordField } from '@/shared/ui';

/**
 * The fields the account forms share (sign-in, registration, invitation, reset, profile, password
 * change), each bound to its form by the path every one of those bodies uses for it.
 */
export interface BoundForm {
  getInputProps: (path: string, options?: { type?: 'checkbox' }) => GetInputPropsReturnType;
}

type FieldProps = Omit<TextInputProps, 'form'> & { form: BoundForm; label: string };

/** An email address (`email`): `autoComplete="username"` where it names the account to log in. */
export function EmailField({ form, autoComplete = 'email', ...props }: FieldProps) {
  return (
    <TextInput
      type="email"
      autoComplete={autoComplete}
      required
      {...props}
      {...form.getInputProps('email')}
    />
  );
}

/** The name the family sees (`name`). */
export function NameField({ form, ...props }: FieldProps) {
  return <TextInput autoComplete="name" required {...props} {...form.getInputProps('name')} />;
}

/** The password the account has now (`password` on the login form, `current_password` else). */
export function CurrentPasswordField({
  form,
  label,
  path = 'password',
}: {
  form: BoundForm;
  label: string;
  path?: 'password' | 'current_password';
}) {
  return (
    <PasswordField
      label={label}
      autoComplete="current-password"
      required
      {...form.getInputProps(path)}
    />
  );
}

export interface NewPasswordLabels {
  password: string;
  /** The length rule, spelled out up front. */
  hint: string;
  confirmation: string;
}

/** A new password and its confirmation (`password`, `password_confirmation`). */
export function NewPasswordFields({
  form,
  labels,
}: {
  form: BoundForm;
  labels: NewPasswordLabels;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        description={labels.hint}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={labels.confirmation}
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
