/**
 * `pmt mcp --http`: Streamable HTTP on 127.0.0.1 with serve's token rules, driven by the SDK's own
 * client: without the bearer token 401, with a non-loopback Host 403, with it the same tools as
 * over stdio; a short token is refused at start (exit 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa, type ResultPromise } from 'execa';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cleanEnv, PMT_BIN, runPmt } from '../helpers/cli.js';
import { startTradingEnv, type TradingEnv } from '../serve/trading-env.js';
import { mcpTools } from '../../src/mcp/server.js';

const T = 'KXMCPH-26DEC31-A';
const TOKEN = 'mcp-test-token-0123456789abcdefghijklmnop';
let t: TradingEnv;
let proc: ResultPromise;
let url: string;

beforeAll(async () => {
  t = await startTradingEnv(T);
  writeFileSync(join(t.dir, 'profiles.json'), JSON.stringify({ active: 'agent', profiles: { agent: {} } }), { mode: 0o600 });
  proc = execa(PMT_BIN, ['mcp', '--http', '--port', '0'], { env: cleanEnv({ ...t.env, PMT_SERVE_TOKEN: TOKEN }), extendEnv: false, reject: false, stdin: 'ignore' });
  let err = '';
  url = await new Promise<string>((resolve, reject) => {
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    void proc.then((r) => reject(new Error(`pmt mcp exited with ${r.exitCode}:\n${err}`)));
  });
});
afterAll(async () => {
  proc?.kill('SIGTERM');
  await proc;
  await t?.d.close();
});

describe('pmt mcp --http', () => {
  it('refuses a missing token (401) and a foreign Host (403)', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await fetch(url, { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ kind: 'Authentication' });
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const r = request(url, { method: 'POST', headers: { ...headers, host: 'evil.example', authorization: `Bearer ${TOKEN}` } }, (res) => resolve(res.statusCode ?? 0));
      r.end(body);
    });
    expect(status).toBe(403);
  });

  it('serves the same tools to the SDK client with the token', async () => {
    const c = new Client({ name: 'pmt-http-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    try {
      expect((await c.listTools()).tools.map((x) => x.name)).toEqual(mcpTools().map((x) => x.name));
      const r = await c.callTool({ name: 'fetch_orderbook', arguments: { asset_id: T } });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { asset_id: string }).asset_id).toBe(T);
    } finally {
      await c.close();
    }
  });

  it('a token shorter than 32 characters is refused at start', async () => {
    const r = await runPmt(['mcp', '--http', '--port', '0'], { env: { ...t.env, PMT_SERVE_TOKEN: 'short' } });
    expect(r.exitCode).toBe(2);
  });

  it("reads --token-file as serve does (one reader): an empty file is refused by name", async () => {
    const empty = join(t.dir, 'empty.token');
    writeFileSync(empty, '\n', { mode: 0o600 });
    const r = await runPmt(['mcp', '--http', '--port', '0', '--token-file', empty], { env: t.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('is empty');
  });

  // Last in the file: it leaves this client address throttled (only failures are, never the token).
  it("slows wrong tokens down as serve does (one gate): 401 with serve's words, 429 once too many wait, the token holder unaffected", async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const first = await fetch(url, { method: 'POST', headers: { ...headers, authorization: 'Bearer not-the-token-0123456789abcdefghijkl' }, body });
    expect(first.status).toBe(401);
    expect(first.headers.get('www-authenticate')).toBe('Bearer realm="pmt"');
    expect(await first.json()).toEqual({ kind: 'Authentication', message: 'the bearer token is not valid' });
    // Every later failure from this address waits its growing turn; past 64 waiting, 429 at once.
    const abort = new AbortController();
    const refused: Array<{ status: number; retryAfter: string | null; body: unknown }> = [];
    const six = new Promise<void>((resolve) => {
      for (let i = 0; i < 80; i++) {
        void fetch(url, { method: 'POST', headers, body, signal: abort.signal }).then(
          async (r) => {
            const answer = { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() };
            if (answer.status !== 401) refused.push(answer);
            if (refused.length === 6) resolve();
          },
          () => undefined,
        );
      }
    });
    await Promise.race([six, new Promise((r) => setTimeout(r, 20_000))]);
    // A 429 is answered only while 64 failures of this address wait their turn (401s may come
    // meanwhile, as turns pass): six of them prove the gate holds the rest.
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r).toMatchObject({ status: 429, body: { kind: 'RateLimited' } });
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // The right token passes while those failures still wait.
    const c = new Client({ name: 'pmt-http-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    try {
      expect((await c.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await c.close();
      abort.abort();
    }
  });
});
