import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server';

const run = promisify(execFile);

/** Where Debian's postgresql-15 puts its binaries; PG_BIN overrides it. */
export const pgBin = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const redisServer = process.env.REDIS_SERVER || 'redis-server';

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Why the fault tests cannot start their own PostgreSQL and Redis here, or undefined when they can.
 * They need the binaries, not running servers: each test stops and restarts its own.
 */
export function privateServicesMissing(): string | undefined {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(pgBin, tool))) return `${join(pgBin, tool)} not found (set PG_BIN)`;
  }
  if (!onPath(redisServer)) return `${redisServer} not found on PATH (set REDIS_SERVER)`;
  return undefined;
}

/** PostgreSQL refuses to run as root; as root the cluster belongs to the `postgres` account. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString()));
  return { uid: uid!, gid: gid! };
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** A URL on the same server for another database of it. */
  database(name: string): string;
  /** `pg_ctl restart -m fast`: sessions are ended, the server comes back on the same port. */
  restartFast(): Promise<void>;
  stop(): Promise<void>;
}

/** A throw-away cluster (initdb in a temp folder) on a free port, trusting local connections. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const owner = clusterOwner();
  const dir = mkdtempSync(join(tmpdir(), 'site-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const pg = (tool: string, args: string[]) =>
    run(join(pgBin, tool), args, { ...as, cwd: dir, env: { ...process.env, LC_ALL: 'C' } });
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // Durability is not what these tests measure: no fsync keeps a restart to a fraction of a second.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const database = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    url: database('postgres'),
    database,
    async restartFast() {
      // The log again: otherwise the new postmaster writes to (and holds open) this call's pipe.
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-l', join(dir, 'log'), '-w', 'restart']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Stops the server (nothing saved); `start` brings it back empty on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      redisServer,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      started.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const stopping = child;
      child = undefined;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((r) => stopping.once('exit', r));
      stopping.kill('SIGKILL');
      await exited;
    },
  };
}
