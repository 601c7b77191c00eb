/**
 * Node's options for the built scripts the tests start (the server, `users`, `reset-demo`).
 * V8 compiles PGlite's WebAssembly a second time, with its optimising compiler, in background
 * threads: for a process that lives seconds, that was 1.0 of the 2.6 s of CPU a server's start
 * took, and 54 page and call requests used no more CPU without it (1.00-1.05 s against
 * 1.15-1.24 s; docs/decisions/358-browser-tests-share-per-worker.md).
 */
export const BUILT_SCRIPT_NODE_OPTIONS: readonly string[] = ['--liftoff-only'];
