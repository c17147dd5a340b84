import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { routes } from '@kinfolio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROCESS_ADMIN,
  processArchive,
  startServer,
  stopProcess,
  type KinfolioProcess,
} from '../test/processes.js';

/**
 * `serve` on SIGTERM, as its own process: an upload streaming in when the signal comes finishes
 * (201) while new connections are refused, then the process exits 0; one slower than the grace
 * period has its connection closed and the process still exits 0.
 */

/** A logged-in administrator's cookies and CSRF header, for a request written by hand. */
async function adminHeaders(url: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const headers = (): Record<string, string> => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    accept: 'application/json',
  });
  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { ...headers(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  };
  await call('GET', routes.csrfCookie.path);
  await call('POST', routes.login.path, { ...PROCESS_ADMIN, remember: false });
  await call('GET', routes.csrfCookie.path);
  return headers();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a new TCP connection to the address is refused. */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * A FilePond upload written by hand on a socket of its own, in chunks: `send` writes more of the
 * file, `end` finishes the body; `answer` is everything the server sent back, once it closes.
 */
function slowUpload(url: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const boundary = `----kinfolio${randomBytes(8).toString('hex')}`;
  const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
  let received = '';
  socket.on('data', (data: Buffer) => (received += data.toString()));
  const answer = new Promise<string>((resolve) => {
    socket.once('close', () => resolve(received));
  });
  socket.on('error', () => undefined);
  socket.write(
    `POST ${routes.filepondProcess.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Transfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n` +
      chunk(
        `--${boundary}\r\nContent-Disposition: form-data; name="filepond"\r\n\r\n{}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="filepond"; ` +
          `filename="letter.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
  );
  return {
    send: () => socket.write(chunk(`${'Dear family, '.repeat(1000)}\n`)),
    end: () => socket.write(chunk(`\r\n--${boundary}--\r\n`) + '0\r\n\r\n'),
    answer,
  };
}

describe('serve on SIGTERM', () => {
  let archive: Awaited<ReturnType<typeof processArchive>>;
  const running: KinfolioProcess[] = [];
  beforeAll(async () => {
    archive = await processArchive('drain');
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => stopProcess(p, 'SIGKILL')));
    await archive.remove();
  });

  async function serve(env: Record<string, string>) {
    const server = await startServer({ ...archive.env, ...env });
    running.push(server);
    return { server, url: server.url, headers: await adminHeaders(server.url) };
  }

  it('finishes the requests in flight, refuses new connections, then exits 0', async () => {
    const { server, url, headers } = await serve({ SHUTDOWN_GRACE_SECONDS: '8' });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const upload = slowUpload(url, headers);
    for (let i = 0; i < 5; i += 1) {
      upload.send();
      await sleep(50);
    }
    server.child.kill('SIGTERM');
    await server.logLine('draining');
    await expect.poll(() => refused(url), { timeout: 5_000 }).toBe(true);
    // The upload goes on for a while after the signal, then completes.
    for (let i = 0; i < 10; i += 1) {
      upload.send();
      await sleep(100);
    }
    expect(server.child.exitCode).toBeNull();
    upload.end();
    const answer = await upload.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
    const drained = await server.logLine('requests drained');
    expect(Number(drained.ms)).toBeGreaterThanOrEqual(900);
    await server.logLine('stopped');
  });

  it('closes a request still in flight after the grace period, and exits 0 all the same', async () => {
    const { server, url, headers } = await serve({ SHUTDOWN_GRACE_SECONDS: '1' });
    const upload = slowUpload(url, headers);
    const feeding = setInterval(() => upload.send(), 50);
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    try {
      expect(await server.exited).toBe(0);
    } finally {
      clearInterval(feeding);
    }
    expect(Date.now() - signalled).toBeLessThan(6_000);
    expect(await upload.answer).not.toMatch(/^HTTP\/1\.1 201 /);
    await server.logLine('requests still in flight');
  });
});
