import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eventually } from './test/harness';

// The real process (main.ts): on SIGTERM it stops taking jobs, closes idle keep-alive connections,
// lets in-flight requests finish and exits 0 — well before the forced exit(1) at 15 s.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const get = (agent: http.Agent, port: number, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A database of its own on PostgreSQL (TEST_DATABASE_URL), else PGlite in a temporary DATA_DIR. */
async function databaseEnv(): Promise<Record<string, string>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return {};
  const name = `exship_shutdown_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

describe('SIGTERM', () => {
  it('with an idle keep-alive client and a request in flight: answers it, then exits 0 within a few seconds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exship-shutdown-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = {
      ...process.env,
      ...(await databaseEnv()),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web-dist',
      TEST_DATABASE_URL: '',
    };
    const child: ChildProcess = spawn(TSX, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    cleanups.push(() => void child.kill('SIGKILL'));

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => agent.destroy());
    // Starting compiles the server and migrates a new database: minutes on a busy machine.
    await eventually(async () => (await get(agent, port, '/api/v1/health').catch(() => null))?.status === 200, 240_000, 250).catch((err: unknown) => {
      throw new Error(`server did not start: ${(err as Error).message}\n${output}`);
    });
    // The keep-alive socket stays open and idle.
    expect((await get(agent, port, '/api/v1/health')).status).toBe(200);
    expect(Object.values(agent.freeSockets).flat().length).toBe(1);

    // A request in flight on a second keep-alive connection: its body is still arriving at SIGTERM.
    // `Expect: 100-continue`: the server's "100 Continue" says it has read the request's head (the
    // request is in flight, not an idle connection) whatever the machine's load.
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((r) => slow.once('connect', r));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#Passw0rd!' });
    let answer = '';
    slow.on('data', (c: Buffer) => (answer += c.toString()));
    const slowClosed = new Promise((r) => slow.once('close', r));
    slow.write(`POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`);
    await eventually(async () => answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), 60_000, 20);
    slow.write(body.slice(0, 10));

    const sentAt = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    slow.write(body.slice(10));
    await slowClosed;
    // The in-flight request got its answer (wrong password), then the server closed the connection.
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 401/);
    const { code } = await exited;
    const took = Date.now() - sentAt;
    console.info(`SIGTERM → exit ${code} in ${took} ms`);
    expect(code, output).toBe(0);
    expect(took, output).toBeLessThan(8_000);
  }, 300_000);
});
