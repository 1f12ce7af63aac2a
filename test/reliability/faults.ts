/**
 * Faults the CLI tests inject on a command's first upstream request, with what the run must end
 * in: exit code, kind, and how many requests the double sees (4 for a retried read).
 */
import type { Fault } from '../upstream/server.js';

export interface CliCase {
  name: string;
  fault: Fault;
  exit: number;
  kind: string;
  requests: number;
  stderr?: RegExp;
}

export const GEOBLOCK = '{"error":"Trading restricted in your region, please refer to available regions - https://docs.polymarket.com/developers/CLOB/geoblock"}';

/** Persistent faults on the first upstream request of a command. */
export const CLI_FAULTS: CliCase[] = [
  { name: '429', fault: { kind: 'status', status: 429 }, exit: 7, kind: 'RateLimited', requests: 4, stderr: /rate limit.*tried 4 times.*hint: wait 1s/ },
  { name: '429 Retry-After 3600', fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }, exit: 7, kind: 'RateLimited', requests: 1, stderr: /wait 3600s/ },
  { name: '500', fault: { kind: 'status', status: 500 }, exit: 1, kind: 'Api', requests: 4, stderr: /HTTP 500.*tried 4 times/ },
  { name: '502', fault: { kind: 'status', status: 502 }, exit: 1, kind: 'Api', requests: 4 },
  { name: '503', fault: { kind: 'status', status: 503 }, exit: 1, kind: 'Api', requests: 4 },
  { name: 'reset', fault: { kind: 'reset' }, exit: 8, kind: 'NetworkError', requests: 4, stderr: /connection reset/ },
  { name: 'stall past the timeout', fault: { kind: 'stall', ms: 3000 }, exit: 8, kind: 'NetworkError', requests: 4, stderr: /timed out/ },
  { name: 'body cut short', fault: { kind: 'cut' }, exit: 8, kind: 'NetworkError', requests: 4 },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, exit: 1, kind: 'Api', requests: 1, stderr: /malformed response/ },
  { name: 'truncated JSON', fault: { kind: 'truncated' }, exit: 1, kind: 'Api', requests: 1, stderr: /malformed response/ },
  { name: 'HTML 403 Cloudflare', fault: { kind: 'html', status: 403 }, exit: 1, kind: 'Api', requests: 1, stderr: /block page.*hint: .*Cloudflare\/geoblock/ },
  { name: 'HTML 503 challenge', fault: { kind: 'html', status: 503, body: '<html><title>Just a moment...</title></html>' }, exit: 1, kind: 'Api', requests: 4 },
  { name: 'JSON 403 geoblock', fault: { kind: 'status', status: 403, body: GEOBLOCK }, exit: 1, kind: 'Api', requests: 1, stderr: /region.*hint: (Polymarket|Kalshi) (does not serve|is not available in) your region/ },
  { name: 'hostile error text', fault: { kind: 'status', status: 400, body: '{"error":"bad \\u001b[2J\\u001b]0;pwned\\u0007 request\\r\\nInjected: line"}' }, exit: 1, kind: 'Api', requests: 1, stderr: /bad \[2J\]0;pwned request Injected: line|bad request/ },
];

/** One fault of each class, for the commands that share the listing's code path. */
export const CORE_FAULTS: CliCase[] = CLI_FAULTS.filter((c) =>
  ['429', '503', 'reset', 'stall past the timeout', 'malformed JSON', 'HTML 403 Cloudflare', 'JSON 403 geoblock', 'hostile error text'].includes(c.name),
);
