import { z } from 'zod';
import { UI_LANGUAGES } from '../constants.js';
import { emailField, nameField, withPasswordConfirmation } from './common.js';
import { currentUserSchema, permissionSchema } from './user.js';

/** How long a mailed invitation link stays valid (a resend starts it again). */
export const INVITATION_DAYS = 7;

/** The one-time token of an invitation link, as sent back by the accept page. */
const tokenField = z.string().min(1).max(200);

/**
 * POST /api/admin-invitations: the e-mail to invite, the rights the account gets, and optionally
 * a provisional name (the invited person chooses theirs on accepting) and the mail's language
 * (else the admin's screen's).
 */
export const invitationCreateBody = z.object({
  email: emailField,
  name: nameField.optional(),
  permissions: z.array(permissionSchema).max(20).default([]),
  language: z.enum(UI_LANGUAGES).optional(),
});
export type InvitationCreateBody = z.input<typeof invitationCreateBody>;

/** GET /api/invitation?token=…: what the accept page shows before the form is sent. */
export const invitationQuery = z.object({ token: tokenField });
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/invitation/accept: sets the account's name and password, and logs it in. */
export const invitationAcceptBody = withPasswordConfirmation({
  token: tokenField,
  name: nameField,
});
export type InvitationAcceptBody = z.input<typeof invitationAcceptBody>;
export const invitationAccepted = z.object({ message: z.string(), user: currentUserSchema });
