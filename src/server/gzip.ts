/**
 * Why a wrapper and not hono/compress: every answer here is whole when it is made, so it is
 * compressed in one call, and under 256 KB on the main thread, where hono/compress pipes each
 * body through a CompressionStream (web streams, zlib on libuv's pool). The 100-client load run
 * on PostgreSQL (bench/results/README.md, decision 238) read 323 / 272 requests/s with JSON
 * compressed on the main thread against 285 / 221 on the pool, and 282 / 316 against 240 / 277
 * once pages were too; a profile had put about 10% of the main thread in the stream path
 * (decision 215).
 */
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Fetch } from './listen';

const gzipAsync = promisify(gzip);
/** Below this a gzip header and checksum outweigh what compression saves. */
const THRESHOLD_BYTES = 1024;
/**
 * Below this, compressing on the main thread costs less than handing the body to libuv's pool
 * and being woken when it is done (docs/decisions/238): every page and JSON answer; a large
 * export still goes to the pool, so the main thread is never held for long.
 */
const ON_MAIN_THREAD_BELOW_BYTES = 256 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether the client takes gzip: `gzip` (or `*`) with a quality above zero. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const gzipQ = accepts.find((a) => a.type.toLowerCase() === 'gzip')?.q;
  return (gzipQ ?? accepts.find((a) => a.type === '*')?.q ?? 0) > 0;
}

function compressible(request: Request, response: Response): boolean {
  const type = response.headers.get('Content-Type');
  const length = response.headers.get('Content-Length');
  return (
    request.method !== 'HEAD' &&
    response.body !== null &&
    response.status !== 204 &&
    response.status !== 206 &&
    !response.headers.has('Content-Encoding') &&
    !response.headers.has('Transfer-Encoding') &&
    !(length && Number(length) < THRESHOLD_BYTES) &&
    !!type &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
    !NO_TRANSFORM.test(response.headers.get('Cache-Control') ?? '')
  );
}

/**
 * Wraps the server's fetch so every compressible answer goes out gzip-compressed, whole: the
 * body is read into one buffer, compressed (on the main thread; a large export on libuv's
 * thread pool), and sent with its length in one write. Every answer here is a finished
 * string or file, never a stream, so nothing is delayed by waiting for its end
 * (docs/decisions/215-responses-compressed-whole.md).
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
    if (
      body.byteLength >= THRESHOLD_BYTES &&
      acceptsGzip(request.headers.get('Accept-Encoding') ?? undefined)
    ) {
      headers['content-encoding'] = 'gzip';
      delete headers['content-length'];
      const etag = headers.etag as string | undefined;
      if (etag && !etag.startsWith('W/')) headers.etag = `W/${etag}`;
    }
    const zipped = !headers['content-encoding']
      ? body
      : body.byteLength < ON_MAIN_THREAD_BELOW_BYTES
        ? gzipSync(body)
        : await gzipAsync(body);
    // A plain record goes to Node's writeHead as it is (cookies as a list), with no Headers copy.
    return new Response(zipped, {
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
