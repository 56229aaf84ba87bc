import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchRow, Scenario } from './support/types';

// `npm run bench [-- --only <name>] [-- --json]`: runs every scenario (those in ONLY_WHEN_NAMED only
// with --only), prints a table, writes bench/results.json.
const SCENARIOS: Record<string, () => Promise<{ default: Scenario }>> = {
  http: () => import('./scenarios/http'),
  arca: () => import('./scenarios/arca'),
  api: () => import('./scenarios/api'),
  runner: () => import('./scenarios/runner'),
  wizard: () => import('./scenarios/wizard'),
  invoices: () => import('./scenarios/invoices'),
  journeys: () => import('./scenarios/journeys'),
  pdf: () => import('./scenarios/pdf'),
  'console-pages': () => import('./scenarios/console-pages'),
};
// Minutes long (200 whole wizard journeys on two databases): run with `--only journeys`.
const ONLY_WHEN_NAMED = new Set(['journeys']);

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1]?.split(',') : undefined;
  const rows: BenchRow[] = [];
  const ran = new Set<string>();
  for (const [name, loadScenario] of Object.entries(SCENARIOS)) {
    if (only ? !only.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
    ran.add(name);
    if (!json) console.error(`▶ ${name}`);
    rows.push(...(await (await loadScenario()).default()).map((row) => ({ group: name, ...row })));
  }
  // The rows of scenarios not run this time (--only, or only when named) stay from their last run.
  const kept = previousRows().filter((row) => row.group && !ran.has(row.group));
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      memory_gib: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    rows: [...kept, ...rows],
  };
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', JSON.stringify(result, null, 2) + '\n');
  if (json) console.log(JSON.stringify(result));
  else printTable(rows);
}

function previousRows(): BenchRow[] {
  try {
    return (JSON.parse(readFileSync('bench/results.json', 'utf8')) as { rows: BenchRow[] }).rows;
  } catch {
    return [];
  }
}

function printTable(rows: BenchRow[]) {
  const columns = ['scenario', 'variant', 'rps', 'p50_ms', 'p99_ms', 'ratio', 'note'] as const;
  const cells = rows.map((row) => columns.map((c) => (row[c] === undefined ? '' : String(row[c]))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: readonly string[]) =>
    '| ' + values.map((v, i) => v.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(line(columns));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of cells) console.log(line(row));
  console.log('\nWritten to bench/results.json');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
