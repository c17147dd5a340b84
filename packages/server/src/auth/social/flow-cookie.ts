import type { AuthProviderId } from '@kinfolio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, safeEqual } from '../tokens.js';
import type { FlowSecrets } from './providers.js';

export const FLOW_COOKIE = 'kinfolio_oauth';
const FLOW_PATH = '/api/auth/callback';
/** Long enough to pick an account and consent; a flow left longer starts again. */
const FLOW_SECONDS = 10 * 60;

/** One social login in progress, as the callback needs it back. */
export interface Flow {
  provider: AuthProviderId;
  secrets: FlowSecrets;
  remember: boolean;
  /** Set when a logged-in user links an account from the profile. */
  linkTo: number | null;
}

const sign = (key: string, payload: string) => hmac(key, `oauth-flow:${payload}`);

/**
 * Keeps the flow's state, PKCE verifier and nonce in an HttpOnly cookie signed with the app key,
 * sent back only to the callback: nothing is stored server-side, and a flow started in another
 * browser (or forged) has no cookie to match.
 */
export function saveFlow(reply: FastifyReply, key: string, secure: boolean, flow: Flow) {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  reply.setCookie(FLOW_COOKIE, `${payload}.${sign(key, payload)}`, {
    path: FLOW_PATH,
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET from another site.
    sameSite: 'lax',
    secure,
    maxAge: FLOW_SECONDS,
  });
}

/** The flow of this browser, if its cookie is intact; the cookie is cleared either way. */
export function takeFlow(request: FastifyRequest, reply: FastifyReply, key: string): Flow | null {
  const raw = request.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
  if (!raw || raw.length > 4000) return null;
  const [payload = '', signature = ''] = raw.split('.');
  if (!safeEqual(signature, sign(key, payload))) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Flow;
  } catch {
    return null;
  }
}
