// How a TypeScript entry point runs outside Next, as `npm run worker` and the CLI commands run:
// through tsx, with `server-only` importable. Every child process the project spawns starts so.
export const TS_NODE_ARGS = ['--import', 'tsx', '--import', './scripts/server-only.mjs'];
