import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyMigratedPglite } from './migrated-templates';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface StartedServer {
  url: string;
  /** The server process, for tests that signal it or watch how it exits. */
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (dist/main.js) the way a user would, on a free port and a fresh data
 * folder. A variable given as undefined is left unset (LOG_LEVEL: undefined, the README's default).
 */
export async function startBuiltServer(env: Record<string, string | undefined> = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  let output = '';
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...env,
  };
  // The server's own PGlite (no DATABASE_URL, no DATA_DIR of the test's) starts migrated.
  if (!merged.DATABASE_URL && !env.DATA_DIR) await copyMigratedPglite(dataDir);
  const child: ChildProcess = spawn(process.execPath, [join(apiDir, 'dist', 'main.js')], {
    cwd: apiDir,
    env: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Start-up takes ~18 s on a quiet 2-core machine and near 30 s when it is shared and loaded.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Left running, a server still seeding would load the machine for every test after it.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
