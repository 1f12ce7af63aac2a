/**
 * `GET /v1/orderbook/stream?asset_id=…[&outcome=…][&exchange=…]`: the book stream as
 * Server-Sent Events, one BookUpdate per event (`data: <json>`), behind the same bearer token as
 * every route (the app's onRequest hook). The asset is resolved before anything is streamed, so
 * a bad id or an unknown market is an ordinary error reply with its status; a failure after the
 * stream started (the exchange refused the subscription) ends it with an `event: error` carrying
 * the error object. A comment line every 15 s keeps idle proxies from closing the connection.
 */
import type { FastifyInstance } from 'fastify';
import { bookStream } from '../ops/stream.js';
import type { Services } from '../ops/services.js';
import type { ExchangeId } from '../exchanges/registry.js';
import { DEFAULT_HUB_LIMITS, StreamHub, type HubLimits } from './stream-hub.js';
import type { JsonSchema } from './schemas.js';
import { operation } from '../ops/table.js';
import { inputSchema } from './input-schema.js';
import { readRoute } from './route-def.js';

export const STREAM_PATH = operation('watch_orderbook').http!.path;
const KEEPALIVE_MS = 15_000;

/** The stream's query (`asset_id`, `outcome`, `exchange`), from the operation table. */
export const streamQuery: JsonSchema = inputSchema('watch_orderbook');

export function registerStreamRoute(app: FastifyInstance, svc: Services, limits: HubLimits = DEFAULT_HUB_LIMITS): StreamHub {
  const hub = new StreamHub(limits, () => svc.now());
  app.addHook('onClose', async () => hub.closeAll());
  app.route({
    method: 'GET',
    url: STREAM_PATH,
    schema: { querystring: streamQuery },
    handler: async (req, reply) => {
      const q = readRoute({ operationId: 'watch_orderbook' }, req.query) as { asset_id: string; outcome?: string; exchange?: ExchangeId };
      // A client that leaves while its asset is resolved must never be joined (nothing would ever
      // remove it, and its upstream subscription would stay open).
      let gone = false;
      const onGone = () => (gone = true);
      const sock = req.raw.socket;
      sock.once('close', onGone);
      reply.raw.once('close', onGone);
      // Resolution and validation first: errors here are ordinary JSON error replies.
      let target;
      try {
        target = await bookStream(svc, q);
      } finally {
        sock.off('close', onGone);
        reply.raw.off('close', onGone);
      }
      const { asset, key, open } = target;
      if (gone || reply.raw.destroyed || sock.destroyed) {
        reply.hijack();
        reply.raw.destroy();
        return;
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      res.write(': pmt book stream\n\n');
      let leave: () => void = () => {};
      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      const done = () => {
        clearInterval(keepalive);
        leave();
      };
      res.on('close', done);
      try {
        leave = hub.join(key, asset.assetId, {
          write: (frame) => res.write(frame),
          onDrain: (fn) => res.on('drain', fn),
          end: (frame) => {
            clearInterval(keepalive);
            if (frame) res.write(frame);
            res.end();
          },
        }, open);
      } catch (e) {
        const err = e as { kind?: string; message?: string };
        res.end(`event: error\ndata: ${JSON.stringify({ kind: err.kind ?? 'Api', message: err.message ?? 'the stream could not start' })}\n\n`);
        clearInterval(keepalive);
      }
    },
  });
  return hub;
}
