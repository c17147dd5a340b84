import { z } from 'zod';
import { emailField, integerField, nameField, withPasswordConfirmation } from './common.js';

export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1).max(1000),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = withPasswordConfirmation({ name: nameField, email: emailField });
export type RegisterBody = z.input<typeof registerBody>;

/** The one-time "create the administrator" form has the register fields. */
export const setupBody = registerBody;
export type SetupBody = RegisterBody;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = withPasswordConfirmation({
  token: z.string().min(1).max(200),
  email: emailField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** A reset link checked when its page opens, so a used or expired one is said before typing. */
export const resetPasswordCheckBody = z.object({
  token: z.string().min(1).max(200),
  email: emailField,
});
export type ResetPasswordCheckBody = z.input<typeof resetPasswordCheckBody>;

/** Asks for a one-time sign-in link by mail; the answer is the same for any address. */
export const loginLinkBody = z.object({ email: emailField });
export type LoginLinkBody = z.input<typeof loginLinkBody>;

/** Logs in with the token of a mailed sign-in link, once. */
export const loginLinkConsumeBody = z.object({
  token: z.string().min(1).max(200),
  remember: z.boolean().optional().default(false),
});
export type LoginLinkConsumeBody = z.input<typeof loginLinkConsumeBody>;

export const changePasswordBody = withPasswordConfirmation({
  current_password: z.string().min(1).max(1000),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** A mangled link (a mail client cutting it, say) still lands on the "invalid link" page. */
export const verifyEmailQuery = z.object({
  expires: integerField(0, Number.MAX_SAFE_INTEGER).catch(0),
  signature: z.string().max(200).catch(''),
});
