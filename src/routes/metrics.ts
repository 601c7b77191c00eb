import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';

const encoder = new TextEncoder();

/** 127.0.0.0/8 and ::1, also as IPv4 mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function hasMetricsToken(c: Context<AppEnv>): boolean {
  const expected = c.var.deps.config.METRICS_TOKEN;
  const header = c.req.header('authorization') ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  // Hash both sides so the comparison is constant time whatever the lengths.
  return (
    !!expected &&
    !!given &&
    constantTimeEqual(sha256(encoder.encode(given)), sha256(encoder.encode(expected)))
  );
}

/**
 * Counts every request and its time by method, the matched route pattern (never the raw path,
 * so the number of series stays bounded) and status.
 */
export const countRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const metrics = c.var.deps.metrics;
  if (!metrics) return next();
  const started = performance.now();
  await next();
  // The handler's pattern: middleware (method ALL) registered later, such as '/*', also matches.
  const handler = matchedRoutes(c).findLast((r) => r.method !== 'ALL');
  const route = handler?.path ?? 'unmatched';
  metrics.request(c.req.method, route, c.res.status, (performance.now() - started) / 1000);
};

/**
 * Headers a reverse proxy adds. Behind a proxy on the same host every visitor's socket is
 * loopback, so a request carrying any of them is treated as a visitor's, whoever sent it.
 */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** Whether the request came through a proxy (or says it did): loopback then proves nothing. */
const isForwarded = (c: Context) =>
  FORWARDED_HEADERS.some((name) => c.req.header(name) !== undefined);

/**
 * Prometheus' scrape: loopback (the socket's own address, Node only) with no proxy's header, or
 * the METRICS_TOKEN (docs/decisions/274). Anyone else gets the same 404 as an unknown path, so
 * the route's existence is not revealed.
 */
export const metricsRoute = new Hono<AppEnv>().get('/metrics', async (c) => {
  const { metrics, peerAddress } = c.var.deps;
  const local = isLoopback(peerAddress?.(c)) && !isForwarded(c);
  if (!metrics || !(local || hasMetricsToken(c))) return c.notFound();
  return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType });
});
