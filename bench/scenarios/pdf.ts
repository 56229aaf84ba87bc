import { execFileSync } from 'node:child_process';
import type { BenchRow } from '../support/types';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

const SIZES = [10, 1_000];
const SECONDS = 5;

/**
 * The printed voucher as a PDF (lib/invoice-print: layout, then pdfkit): renders per second, one at
 * a time, and the peak memory of a process doing nothing else, for a 10-line and a 1,000-line
 * Factura B in homologación (watermark, transparency box, QR).
 */
export default async function pdfScenario(): Promise<BenchRow[]> {
  return SIZES.map((lines) => {
    const out = execFileSync(
      process.execPath,
      [...TS_NODE_ARGS, 'bench/support/pdf-renderer.ts', String(lines), String(SECONDS)],
      { encoding: 'utf8' },
    );
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
      renders: number;
      seconds: number;
      p50_ms: number;
      p99_ms: number;
      peak_rss_mib: number;
    };
    return {
      scenario: `PDF render, ${lines.toLocaleString('en')} lines`,
      variant: 'one at a time',
      rps: Math.round((result.renders / result.seconds) * 10) / 10,
      p50_ms: Math.round(result.p50_ms),
      p99_ms: Math.round(result.p99_ms),
      note: `peak RSS ${result.peak_rss_mib} MiB, ${result.renders} renders`,
    };
  });
}
