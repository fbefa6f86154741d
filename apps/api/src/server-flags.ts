/**
 * Node flags of the production server: `npm run serve` passes them (package.json; a unit test
 * keeps the two the same), and so do the benchmarks and the browser tests that start it.
 *
 * `--max-semi-space-size=32`: V8's young generation grows to 2 × 64 MB under load by default,
 * and every page of it stays resident. At 32 MB the server's peak under the catalogue benchmark
 * fell from ~360 to ~310 MB at the same throughput; at 16 MB short-lived render state reached
 * the old generation and cached pages were served at half the rate (decision 013, addendum
 * 2026-11-25).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
