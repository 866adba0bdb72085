// Node's flags for a server process: `npm start` and `npm run start:cluster` pass them, and so do
// the benches that serve the app in their own process (bench:ledger, bench:ledger-mixed and
// bench:orders name the same flag in package.json).
// Each request keeps objects alive until its batch commits, and every scavenge of the young
// generation copies them: with 64 MB semi-spaces instead of 16 there are a third as many
// (docs/performance.md). It costs up to ~200 MB of memory.
export const SERVER_FLAGS = ['--max-semi-space-size=64'];
