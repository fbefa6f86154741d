/**
 * Node flags of the production server: `npm run serve` passes them (package.json; a unit test
 * keeps the two the same), and so do the benchmarks and the browser tests that start it.
 *
 * - `--max-semi-space-size=16`: V8's young generation grows to 2 × 64 MB under load by default,
 *   and every page of it stays resident. At 32 MB the peak under the catalogue benchmark fell
 *   from ~360 to ~310 MB at the same throughput; at 16 MB (with `RENDER_CONCURRENCY` 8) to
 *   268 MB after the API loads and 310 MB after its page burst, with the same API and cached
 *   page rates (decision 013, addendum 2026-11-27). An earlier 16 MB trial, without the render
 *   line, had served cached pages at half the rate.
 * - `--heap-growing-percent=50`: the old generation may grow to 1.5 × what survived the last full
 *   collection before the next one (V8 otherwise picks up to 4× when allocation is fast). Under
 *   100 connections of uncached page renders the peak fell from ~470 to ~300 MB, for ~7% of the
 *   render rate and ~2 ms of render CPU p95; cached reads did not change.
 *
 * Figures and the runs behind them: decision 013, addendum 2026-11-25.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=50"];

/**
 * Environment of the production server, set by `npm run serve` and the same starters.
 *
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (libuv's pool, V8's helpers,
 *   libvips) an arena of its own, and their free pages stay resident. With two, the catalogue
 *   with a new key per request peaked at 295–296 MB against 305–307 MB (1,000 products,
 *   list, filtered list and search loads, two runs each; issue #19's bar is 300 MB).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
