/**
 * `pmt mcp [--http] [--allow-trading]`: the MCP server over stdio (stdout carries only the
 * protocol; everything pmt says goes to stderr), or Streamable HTTP on 127.0.0.1 with serve's
 * token rules (bearer token from PMT_SERVE_TOKEN or --token-file, else a random one printed once;
 * 32+ characters; a Host that is not a loopback name is refused). Trades with the profile in use,
 * its limits read afresh per call; where it sets none, $10 per order and $100 per day.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Context } from '../context.js';
import { PmtError, usageError } from '../errors.js';
import { IDEMPOTENCY_FILE, IdempotencyStore } from '../ops/idempotency.js';
import { MCP_DEFAULTS } from '../ops/risk.js';
import { SERVE_NAMES, type Services } from '../ops/services.js';
import { configDir, riskAccess } from '../profiles.js';
import { bearerGate, hostAllowed, readServeToken, Throttle, tokenProblem } from '../serve/guard.js';
import { parseInteger } from '../validate.js';
import { buildMcpServer } from './server.js';

interface Opts {
  http?: boolean;
  port?: string;
  tokenFile?: string;
  allowTrading?: boolean;
}

export async function run(ctx: Context, opts: Opts): Promise<void> {
  const risk = riskAccess(ctx.store, () => ctx.profileName(), MCP_DEFAULTS);
  const svc: Services = {
    exchange: (id) => ctx.exchange(id),
    configured: () => ctx.configured(),
    requireCredentials: (id) => ctx.requireCredentials(id),
    noCredentials: () => ctx.noCredentials(),
    now: () => ctx.now(),
    names: SERVE_NAMES,
    journal: ctx.journal,
    idempotency: new IdempotencyStore(() => ctx.now(), join(configDir(ctx.env), IDEMPOTENCY_FILE)),
    risk,
  };
  const options = { allowTrading: opts.allowTrading === true, profileTrading: async () => (await risk.read()).trading };
  const say = (line: string) => ctx.io.err(`[pmt mcp] ${line}`);
  if (!opts.http) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const server = buildMcpServer(svc, options);
    const closed = new Promise<void>((resolve) => (server.onclose = resolve));
    await server.connect(new StdioServerTransport());
    await closed;
    return;
  }
  const port = parseInteger('--port', opts.port ?? '8081', 0, 65535);
  const token = readServeToken(ctx.env, opts, say);
  const problem = tokenProblem(token.token, false);
  if (problem) throw usageError(problem);
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  // serve's bearer rule, wrong-token slow-down included (serve/guard.ts).
  const gate = bearerGate(token.token, new Throttle());
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const fail = (status: number, kind: string, message: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify({ kind, message }));
    };
    if (!hostAllowed(req.headers.host)) return fail(403, 'Api', 'the Host header is not a loopback name (DNS rebinding is refused)');
    const refusal = await gate(req.headers.authorization, req.socket.remoteAddress ?? 'unknown', () => req.socket.destroyed);
    if (refusal === 'gone') return void res.destroy();
    if (refusal) return fail(refusal.status, refusal.body.kind, refusal.body.message, refusal.headers);
    if (!req.url?.startsWith('/mcp')) return fail(404, 'Api', 'the MCP endpoint is /mcp');
    // Stateless: one server and transport per request (each call carries everything it needs).
    const server = buildMcpServer(svc, options);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', (e: NodeJS.ErrnoException) => reject(new PmtError('Config', `127.0.0.1:${port} ${e.code === 'EADDRINUSE' ? 'is already in use' : `cannot be bound (${e.code ?? 'error'})`}`, { hint: 'pick another with --port' })));
    http.listen(port, '127.0.0.1', resolve);
  });
  const addr = http.address();
  const bound = typeof addr === 'object' && addr ? addr.port : port;
  if (token.source === 'generated') say(`token (generated, shown only now): ${token.token}`);
  else say(`token: from ${token.source}`);
  say(`listening on http://127.0.0.1:${bound}/mcp (profile: ${(await ctx.profileName()) ?? 'none'}; trading ${options.allowTrading ? 'allowed' : 'off unless the profile has trading: on'})`);
  await new Promise<void>((resolve) => {
    const stop = () => http.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

