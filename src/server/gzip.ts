/**
 * Why our own gzip and not `hono/compress` on Node (docs/decisions/435): every answer here is
 * whole when it is made (a rendered page, a JSON string, a built file), so it is compressed in
 * one `zlib` call and sent in one write. `compress()` pipes each body through a
 * CompressionStream, and on Node that is web streams over a zlib stream on libuv's pool, read
 * back chunk by chunk. Under the 100-client load run on PostgreSQL that path was 30% of the
 * main thread's busy time; with this file the server's CPU per request of the run's twelve
 * reads, each measured alone at 8 at a time, fell from 7.4 to 6.1 ms (alternate runs; 0.6 against
 * 1.0-1.2 ms for the compression alone). The Workers entry does not use it: Cloudflare
 * compresses there.
 */
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Fetch } from './listen';

const gzipOnPool = promisify(gzip);
/** Below this a gzip header and checksum outweigh what compression saves (Hono's threshold). */
const THRESHOLD_BYTES = 1024;
/**
 * Below this, compressing on the main thread costs less than handing the body to libuv's pool
 * and being woken when it is done (decision 238, merged into 365): every page and JSON answer;
 * a large export still goes to the pool, so the main thread is never held for long.
 */
const ON_MAIN_THREAD_BELOW_BYTES = 256 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether the client takes gzip: `gzip` (or `*`) with a quality above zero. */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const gzipQ = accepts.find((a) => a.type.toLowerCase() === 'gzip')?.q;
  return (gzipQ ?? accepts.find((a) => a.type === '*')?.q ?? 0) > 0;
}

/**
 * The rules of `hono/compress`: a compressible type, not already encoded, not a range, an answer
 * without a body or to HEAD. (Asking for `response.body` would turn Node's light answer into a
 * stream, the cost this file saves, so the statuses without one are named.)
 */
function compressible(request: Request, response: Response): boolean {
  const type = response.headers.get('Content-Type');
  const length = response.headers.get('Content-Length');
  return (
    request.method !== 'HEAD' &&
    response.status >= 200 &&
    response.status !== 204 &&
    response.status !== 206 &&
    response.status !== 304 &&
    !response.headers.has('Content-Encoding') &&
    !response.headers.has('Transfer-Encoding') &&
    !(length && Number(length) < THRESHOLD_BYTES) &&
    !!type &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !NO_TRANSFORM.test(response.headers.get('Cache-Control') ?? '')
  );
}

/**
 * Wraps the server's fetch so every compressible answer of 1 KB or more goes out
 * gzip-compressed, whole, with its length, and says `Vary: Accept-Encoding`. A server-sent
 * event stream is not a compressible type, so the live updates still stream through.
 *
 * @example gzipResponses(root.fetch) // in serverFetch (root.ts)
 */
export function gzipResponses(fetch: Fetch): Fetch {
  return async function gzipped(request, env) {
    const response = await fetch(request, env);
    if (!compressible(request, response)) return response;
    const headers = headerRecord(response);
    const vary = headers.vary as string | undefined;
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
    const body = new Uint8Array(await response.arrayBuffer());
    const zip =
      body.byteLength >= THRESHOLD_BYTES && acceptsGzip(request.headers.get('Accept-Encoding'));
    if (zip) {
      headers['content-encoding'] = 'gzip';
      delete headers['content-length'];
      const etag = headers.etag as string | undefined;
      if (etag && !etag.startsWith('W/')) headers.etag = `W/${etag}`;
    }
    const sent = !zip
      ? body
      : body.byteLength < ON_MAIN_THREAD_BELOW_BYTES
        ? gzipSync(body)
        : await gzipOnPool(body);
    // A plain record goes to Node's writeHead as it is (cookies as a list), with no Headers copy.
    return new Response(sent, {
      status: response.status,
      headers: headers as unknown as Record<string, string>,
    });
  };
}

/** The answer's headers by lower-case name, every Set-Cookie kept as its own entry. */
function headerRecord(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
}
