/**
 * `pmt serve` as a user runs it (the built binary): the token printed once when generated, the
 * request log on stderr, clean exit on SIGTERM/SIGINT, and refusals before binding.
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/serve/run.js';
import { runPmt, tempConfigDir } from '../helpers/cli.js';
import { TOKEN } from './helpers.js';
import { ErrorObjectSchema } from '../../src/models/error.js';
import { fieldsOf } from '../helpers/models.js';
import { startServe } from './process.js';

describe('pmt serve', () => {
  it('generates a token, prints it once on stderr, logs each request, and exits 0 on SIGTERM', async () => {
    const s = await startServe();
    const m = /token \(generated, shown only now\): (\S+)/.exec(s.stderr());
    expect(m).not.toBeNull();
    const token = m![1]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await s.call('/v1/openapi.json', { token })).status).toBe(200);
    expect((await s.call('/v1/openapi.json')).status).toBe(401);
    const code = await s.stop('SIGTERM');
    expect(code).toBe(0);
    const err = s.stderr();
    expect(err).toMatch(/\[pmt serve\] GET \/v1\/openapi\.json 200 \d+\.\dms/);
    expect(err).toMatch(/\[pmt serve\] GET \/v1\/openapi\.json 401 Authentication \d+\.\dms/);
    expect(err).toContain('[pmt serve] stopped');
    expect(err.split(token).length - 1).toBe(1);
    expect(await s.proc).toMatchObject({ stdout: '' });
  });

  it('takes the token from --token-file; a forged Host is refused 403 (issue 15 #1, #2)', async () => {
    const dir = tempConfigDir();
    const file = join(dir, 'token');
    writeFileSync(file, TOKEN + '\n', { mode: 0o600 });
    const s = await startServe(['--token-file', file]);
    expect(s.stderr()).toContain(`token: from --token-file ${file}`);
    expect(s.stderr()).not.toContain(TOKEN);
    expect((await s.call('/v1/openapi.json')).status).toBe(200);
    const port = new URL(s.url).port;
    const forged = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/v1/openapi.json', headers: { host: `rebind.evil.example:${port}`, authorization: `Bearer ${TOKEN}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(forged).toBe(403);
    expect(await s.stop()).toBe(0);
  });

  it('takes the token from PMT_SERVE_TOKEN without printing it, and stops on SIGINT', async () => {
    const s = await startServe([], { PMT_SERVE_TOKEN: TOKEN });
    expect(s.stderr()).toContain('token: from PMT_SERVE_TOKEN');
    const r = await s.call('/v1/markets/fetch_markets?limit=abc');
    expect(r.status).toBe(400);
    expect(await s.stop('SIGINT')).toBe(0);
    expect(s.stderr()).not.toContain(TOKEN);
  });

  it('answers an operation with the error object when the adapter fails (no upstream here)', async () => {
    // Upstreams point at a closed port: whatever the adapter does, the answer is the error object.
    const s = await startServe([], {
      PMT_SERVE_TOKEN: TOKEN,
      PMT_KALSHI_API_URL: 'http://127.0.0.1:9/trade-api/v2',
      PMT_POLYMARKET_GAMMA_URL: 'http://127.0.0.1:9',
      PMT_POLYMARKET_CLOB_URL: 'http://127.0.0.1:9',
      PMT_RETRY_BASE_MS: '1',
    });
    const r = await s.call('/v1/markets/fetch_market_lineage?market_ticker=kalshi:KXTEST-26');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(r.json)).toEqual(fieldsOf(ErrorObjectSchema));
    expect(r.text).not.toMatch(/\n\s+at /);
    expect(await s.stop()).toBe(0);
  });

  it.each([
    [['--token', 'x'.repeat(40)], 2, /--token is refused: a token on the command line is visible to every user.*PMT_SERVE_TOKEN.*--token-file/],
    [['--token-file', '/nonexistent/token'], 2, /--token-file \/nonexistent\/token cannot be read \(ENOENT\)/],
    [['--host', '0.0.0.0'], 2, /--host 0\.0\.0\.0 makes the server reachable from other machines.*--allow-remote/],
    [['--port', '70000'], 2, /--port must be between 0 and 65535/],
    [['--port', 'http'], 2, /--port must be a whole number/],
    [['--host', 'a b'], 2, /--host must be a host name/],
    [['--profile', 'nope'], 9, /nope/],
  ])('pmt serve %j exits %i before binding', async (args, code, message) => {
    const r = await runPmt(['serve', ...args], { env: { PMT_CONFIG_DIR: tempConfigDir(), PMT_SERVE_TOKEN: TOKEN } });
    expect(r.exitCode).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it.each([
    [{ PMT_SERVE_TOKEN: 'change-me' }, [], /the serve token has 9 characters; it needs at least 32/],
    [{ PMT_SERVE_TOKEN: 'has space has space has space has space' }, [], /printable ASCII without spaces/],
    [{ PMT_SERVE_TOKEN: 'a'.repeat(40) }, ['--host', '0.0.0.0', '--allow-remote'], /too uniform for a server reachable from other machines/],
  ])('a weak token is refused before binding (%j %j)', async (env, args, message) => {
    const r = await runPmt(['serve', '--port', '0', ...args], { env: { PMT_CONFIG_DIR: tempConfigDir(), ...env } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('a port in use is a Config error (exit 9)', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const r = await runPmt(['serve', '--port', String(port), '--json'], { env: { PMT_CONFIG_DIR: tempConfigDir(), PMT_SERVE_TOKEN: TOKEN } });
      expect(r.exitCode).toBe(9);
      expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!)).toEqual({ kind: 'Config', message: `127.0.0.1:${port} is already in use` });
    } finally {
      blocker.close();
    }
  });

  it('knows which hosts are loopback (others get a warning at start)', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '128.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });
});

