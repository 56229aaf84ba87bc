// Child process of bench/scenarios/pdf.ts: renders one invoice of N lines to PDF again and again
// for a few seconds, and prints {renders, seconds, p50_ms, p99_ms, peak_rss_mib} on stdout. Its own
// process, so the peak RSS is this invoice's rendering and nothing else.
import { renderVoucherPdf, voucherLayout } from '@/lib/invoice-print';
import { invoiceDetail } from '../../tests/support/invoice-detail';
import { facturaBFinalConsumer, approved } from '../../tests/support/voucher-docs';
import { percentile } from './percentile';

const lines = Number(process.argv[2] ?? 10);
const seconds = Number(process.argv[3] ?? 5);
const doc = {
  ...facturaBFinalConsumer,
  lines: Array.from({ length: lines }, (_, i) => ({
    quantity: '2',
    item: { name: `Artículo ${i + 1}`, price: '100', key: 'goods', ref: `SKU-${i}` },
    taxes: [{ cat: 'VAT', rate: 'general' }],
  })),
};
const layout = voucherLayout(invoiceDetail(doc, { regime: 'responsable_inscripto', approved }), {
  locale: 'es',
  environment: 'sandbox',
});
const times: number[] = [];
const started = performance.now();
while (performance.now() - started < seconds * 1000 || times.length < 3) {
  const t0 = performance.now();
  await renderVoucherPdf(layout);
  times.push(performance.now() - t0);
}
const elapsed = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    renders: times.length,
    seconds: elapsed,
    p50_ms: percentile(times, 50),
    p99_ms: percentile(times, 99),
    peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
