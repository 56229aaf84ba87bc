// How a TypeScript entry point runs outside Next, as `npm run worker` and the CLI commands run:
// through tsx, with `server-only` importable. Every child process the project spawns starts so.
export const TS_NODE_ARGS = ['--import', 'tsx', '--import', './scripts/server-only.mjs'];

// How every long-running app process starts (`npm start`, `npm run worker`, the cluster's instances
// and workers, the e2e server and the benches' app): V8's old space held to 1 GiB. Left to itself V8
// grows the heap to two or three times what is live before collecting (up to a quarter of the
// machine's memory); with the cap an instance peaked 90–215 MiB lower for a live heap under 200 MiB
// (docs/operations.md#memory). package.json's start and worker scripts spell it out
// (tests/unit/app-node-args.test.ts checks).
export const APP_NODE_ARGS = ['--max-old-space-size=1024'];
