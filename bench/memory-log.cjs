/**
 * Diagnosis for the load run: what the server's resident memory is made of, every 2 s, one JSON
 * line each (RSS, anonymous and file pages, threads, the V8 heap by space, external memory).
 * Loaded into the server by the load bench:
 *
 *   LOAD_NODE_ARGS="--require ./bench/memory-log.cjs" \
 *   LOAD_SERVER_ENV='{"MEMORY_LOG":"/tmp/memory.jsonl"}' npm run bench:load -- --db=postgresql
 *
 * RSS minus the heap's committed size is native memory: malloc (zlib, TLS, V8's compiler zones),
 * thread stacks and PGlite's WebAssembly heap (external).
 */
const { appendFileSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { getHeapSpaceStatistics } = require('node:v8');

const file = process.env.MEMORY_LOG || path.join(tmpdir(), `memory-${process.pid}.jsonl`);
const MB = 1024 * 1024;
const started = Date.now();

function status() {
  const text = readFileSync('/proc/self/status', 'utf8');
  const field = (key) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  const mb = (key) => Math.round(field(key) / 1024);
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile'), threads: field('Threads') };
}

setInterval(() => {
  const m = process.memoryUsage();
  const spaces = {};
  for (const s of getHeapSpaceStatistics())
    spaces[s.space_name.replace(/_space$/, '')] = [
      Math.round(s.space_size / MB),
      Math.round(s.space_used_size / MB),
    ];
  const line = {
    t: Math.round((Date.now() - started) / 1000),
    ...status(),
    heapTotal: Math.round(m.heapTotal / MB),
    heapUsed: Math.round(m.heapUsed / MB),
    external: Math.round(m.external / MB),
    arrayBuffers: Math.round(m.arrayBuffers / MB),
    spaces,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}, 2000).unref();
