import { z } from 'zod';
import { noBody, throttled } from './responses.js';
import { route } from './route-def.js';
import { loginLinkBody, loginLinkConsumeBody } from './schemas/auth.js';
import { currentUserSchema } from './schemas/user.js';

/**
 * One-time sign-in links by mail: the way in for an owner whose account strangers keep locked
 * (the login throttle's per-account counter).
 * - `loginLink`: mails a link to the account with this address, if it is active and verified; the
 *   answer is 204 whatever the address, so it tells nobody which addresses have accounts. An
 *   address asking too often gets 429; an account mailed too often gets no more mails.
 * - `loginLinkConsume`: logs in with the link's token, once (422 for an invalid, expired or used
 *   one); POST, from the link page's button, so that mail scanners opening the link spend nothing.
 */
export const loginLinkRouteTable = {
  loginLink: route({
    method: 'POST',
    path: '/api/login-link',
    access: 'public',
    body: loginLinkBody,
    responses: { 204: noBody, 429: throttled },
  }),
  loginLinkConsume: route({
    method: 'POST',
    path: '/api/login-link/consume',
    access: 'public',
    body: loginLinkConsumeBody,
    responses: { 200: z.object({ user: currentUserSchema }) },
  }),
};
