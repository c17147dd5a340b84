import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Marks the proxy's own 502 (an upstream lost mid-request), apart from any upstream answer. */
export const PROXY_ERROR_HEADER = 'x-test-proxy-error';

/** What the proxy saw: answers by upstream and status, and the retries it made. */
export interface ProxyStats {
  byUpstream: Map<string, number>;
  statuses: Map<number, number>;
  retries: number;
}

/**
 * A small round-robin reverse proxy, as an operator would put in front of several instances
 * (nginx, HAProxy, Caddy): each request goes to the next upstream; a request whose upstream
 * refuses the connection is sent to the next one, and so is an idempotent one whose upstream dropped
 * it before answering (bodies are buffered, so a retry sends them again).
 */
export async function startProxy(upstreams: string[]) {
  const stats: ProxyStats = { byUpstream: new Map(), statuses: new Map(), retries: 0 };
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });

  function forward(
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    attempt: number,
  ) {
    const upstream = upstreams[next++ % upstreams.length]!;
    const target = new URL(request.url ?? '/', upstream);
    const outgoing = http.request(
      target,
      {
        method: request.method,
        headers: { ...request.headers, host: target.host, 'x-forwarded-proto': 'http' },
        agent,
      },
      (answer) => {
        stats.byUpstream.set(upstream, (stats.byUpstream.get(upstream) ?? 0) + 1);
        stats.statuses.set(answer.statusCode!, (stats.statuses.get(answer.statusCode!) ?? 0) + 1);
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) return response.destroy();
      // As nginx does by default: a request that never reached an upstream goes to the next one,
      // but one that may have been handled is not sent twice unless it is idempotent.
      const unsent = error.code === 'ECONNREFUSED';
      const idempotent = ['GET', 'HEAD', 'OPTIONS'].includes(request.method ?? 'GET');
      if ((unsent || idempotent) && attempt < upstreams.length * 2) {
        stats.retries += 1;
        return forward(request, body, response, attempt + 1);
      }
      response.writeHead(502, { [PROXY_ERROR_HEADER]: 'upstream lost' }).end();
    });
    outgoing.end(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
