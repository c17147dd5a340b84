import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The compiled server `npm start` runs (support/global-setup.ts brings it up to date). */
const serverEntry = path.join(root, 'packages/server/dist/main.js');

/** Starts the real server (built web app, fresh SQLite data folder) as `npm start` would. */
export async function startKinfolio(env: Record<string, string> = {}): Promise<RunningServer> {
  // WEB_DIST (a private build) is served instead of packages/web/dist when set, as the server does.
  const webDist = process.env.WEB_DIST ?? path.join(root, 'packages/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinfolio-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry, 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      // Reading scans and finding faces are minutes of CPU on a 2-core machine, that every other
      // test's pictures would queue: only the tests of those features turn them on.
      OCR: 'off',
      FACES: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    try {
      const response = await fetch(`${url}/api/app-state`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
