import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once from the options and added to every response in one call.
 * Helmet is connect middleware that only sets (and removes) headers, the same ones each time;
 * @fastify/helmet builds it anew, CSP parsing included, for every request, and running it per
 * request still costs twelve `setHeader` calls: together a tenth of a cached read's time.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  /** An image source the policy also allows, known only at run time (the map's tile server). */
  extraImageSource?: () => string | null,
) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  const csp = headers['content-security-policy'];
  let extra: string | null = null;
  let withExtra = headers;
  app.addHook('onRequest', (_request, reply, done) => {
    const source = extraImageSource?.() ?? null;
    if (source !== extra) {
      extra = source;
      withExtra =
        source && csp
          ? {
              ...headers,
              'content-security-policy': csp.replace(/img-src ([^;]*)/, `img-src $1 ${source}`),
            }
          : headers;
    }
    reply.headers(withExtra);
    done();
  });
}
