/**
 * The faults a read (GET) meets, as tables shared by the HTTP-layer suites: what a read under a
 * persistent fault ends in after how many requests, and the faults a read retries past.
 */
import type { ErrorKind } from '../../src/errors.js';
import type { Fault } from '../upstream/server.js';

/** The attempt limit the tables assume (the clients under test are built with it). */
export const ATTEMPTS = 4;

export const CLOUDFLARE_CHALLENGE = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Enable JavaScript and cookies to continue</body></html>';
const BAD_GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

export interface ReadCase {
  name: string;
  fault: Fault;
  kind: ErrorKind;
  /** Requests the double sees for one GET. */
  requests: number;
  message?: RegExp;
  hint?: RegExp;
  retryAfter?: number;
}

/** Faults that persist (injected for every request): the GET gives up with this kind. */
export const PERSISTENT_READ_FAULTS: ReadCase[] = [
  { name: '429 without Retry-After', fault: { kind: 'status', status: 429 }, kind: 'RateLimited', requests: ATTEMPTS, retryAfter: 1, message: /tried 4 times: 429, 429, 429, 429/ },
  { name: '429 with Retry-After: 0', fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, kind: 'RateLimited', requests: ATTEMPTS },
  { name: '429 with an unreadable Retry-After', fault: { kind: 'status', status: 429, headers: { 'retry-after': 'soon' } }, kind: 'RateLimited', requests: ATTEMPTS },
  { name: '429 with Retry-After: 3600 (past the budget: not waited for)', fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }, kind: 'RateLimited', requests: 1, retryAfter: 3600, hint: /wait 3600s/ },
  { name: '429 with an absurd Retry-After (capped to a day)', fault: { kind: 'status', status: 429, headers: { 'retry-after': '99999999999999999999' } }, kind: 'RateLimited', requests: 1, retryAfter: 86400 },
  { name: '500', fault: { kind: 'status', status: 500 }, kind: 'Api', requests: ATTEMPTS, message: /tried 4 times: 500, 500, 500, 500/ },
  { name: '502', fault: { kind: 'status', status: 502 }, kind: 'Api', requests: ATTEMPTS },
  { name: '503', fault: { kind: 'status', status: 503 }, kind: 'Api', requests: ATTEMPTS },
  { name: '503 with Retry-After: 0', fault: { kind: 'status', status: 503, headers: { 'retry-after': '0' } }, kind: 'Api', requests: ATTEMPTS },
  { name: '504', fault: { kind: 'status', status: 504 }, kind: 'Api', requests: ATTEMPTS },
  { name: '408', fault: { kind: 'status', status: 408 }, kind: 'Api', requests: ATTEMPTS },
  { name: '520 (Cloudflare: origin error)', fault: { kind: 'status', status: 520 }, kind: 'Api', requests: ATTEMPTS },
  { name: '522 (Cloudflare: origin timeout)', fault: { kind: 'status', status: 522 }, kind: 'Api', requests: ATTEMPTS },
  { name: '524 (Cloudflare: a timeout occurred)', fault: { kind: 'status', status: 524 }, kind: 'Api', requests: ATTEMPTS },
  { name: 'connection reset', fault: { kind: 'reset' }, kind: 'NetworkError', requests: ATTEMPTS, message: /connection reset \(tried 4 times/ },
  { name: 'stall past the timeout', fault: { kind: 'stall', ms: 3000 }, kind: 'NetworkError', requests: ATTEMPTS, message: /timed out/, hint: /did not answer in time/ },
  { name: 'body cut short (Content-Length not met)', fault: { kind: 'cut' }, kind: 'NetworkError', requests: ATTEMPTS },
  { name: 'body stalls half-way', fault: { kind: 'stall-body', ms: 3000 }, kind: 'NetworkError', requests: ATTEMPTS, message: /timed out/ },
  { name: 'HTML 503 Cloudflare challenge', fault: { kind: 'html', status: 503, body: CLOUDFLARE_CHALLENGE }, kind: 'Api', requests: ATTEMPTS, hint: /Cloudflare\/geoblock/ },
  { name: 'HTML 502 from a proxy', fault: { kind: 'html', status: 502, body: BAD_GATEWAY }, kind: 'Api', requests: ATTEMPTS, message: /HTML page instead of JSON \(HTTP 502\)/, hint: /trouble/ },
  // Not transient: one request.
  { name: 'HTML 403 Cloudflare block page', fault: { kind: 'html', status: 403 }, kind: 'Api', requests: 1, message: /HTML block page \(HTTP 403\)/, hint: /Cloudflare\/geoblock/ },
  { name: 'HTML 451 geoblock page', fault: { kind: 'html', status: 451, body: '<html><body>This service is not available in your country</body></html>' }, kind: 'Api', requests: 1, hint: /geoblock/ },
  { name: 'HTML 200 (a captive portal)', fault: { kind: 'html', status: 200, body: '<html><body>Sign in to hotel wifi</body></html>' }, kind: 'Api', requests: 1, message: /HTML page instead of JSON/ },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, kind: 'Api', requests: 1, message: /malformed response/ },
  { name: 'truncated JSON', fault: { kind: 'truncated' }, kind: 'Api', requests: 1, message: /malformed response/ },
  { name: 'empty 200 body', fault: { kind: 'status', status: 200, body: '' }, kind: 'Api', requests: 1, message: /the body is empty/ },
  { name: '302 redirect', fault: { kind: 'status', status: 302, headers: { location: 'https://portal.example/login' } }, kind: 'Api', requests: 1, message: /redirected GET \/thing to portal\.example/, hint: /captive portal/ },
  { name: '404', fault: { kind: 'status', status: 404 }, kind: 'MarketNotFound', requests: 1 },
  { name: '400', fault: { kind: 'status', status: 400, body: '{"error":"bad request"}' }, kind: 'Api', requests: 1, message: /bad request/ },
  { name: '401', fault: { kind: 'status', status: 401 }, kind: 'Authentication', requests: 1 },
];

/** Faults that pass: injected this many times, then the GET succeeds (times + 1 requests). */
export const PASSING_READ_FAULTS: Array<[string, Fault, number]> = [
  ['429 once, Retry-After: 0', { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, 1],
  ['429 twice, no Retry-After', { kind: 'status', status: 429 }, 2],
  ['429 once, Retry-After as an HTTP date in the past', { kind: 'status', status: 429, headers: { 'retry-after': new Date(Date.now() - 5000).toUTCString() } }, 1],
  ['500 three times', { kind: 'status', status: 500 }, 3],
  ['502 once', { kind: 'status', status: 502 }, 1],
  ['503 twice', { kind: 'status', status: 503 }, 2],
  ['504 once', { kind: 'status', status: 504 }, 1],
  ['reset once', { kind: 'reset' }, 1],
  ['reset three times', { kind: 'reset' }, 3],
  ['stall once', { kind: 'stall', ms: 3000 }, 1],
  ['cut body once', { kind: 'cut' }, 1],
  ['HTML 503 challenge once', { kind: 'html', status: 503, body: CLOUDFLARE_CHALLENGE }, 1],
  ['slow but alive (under the timeout)', { kind: 'delay', ms: 100 }, 0],
];
