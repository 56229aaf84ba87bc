import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PDF_RENDERER_LOST,
  PDF_RENDERER_STOPPED,
  renderVoucherPdf,
  voucherLayout,
} from '@/lib/invoice-print';
import { createPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { invoiceDetail } from '../support/invoice-detail';
import { voucherOfLines } from '../support/voucher-of-lines';
import { approved, facturaA } from '../support/voucher-docs';

// A thread's first start loads tsx and pdfkit: seconds on a busy machine.
const THREAD_START_MS = 30_000;
const CRASHING_THREAD = path.resolve('tests/fixtures/pdf/crash-on-demand-thread.mjs');

describe('the PDF render pool: renderVoucherPdf on worker threads', () => {
  const pool = createPdfRenderPool({ size: 2 });
  afterAll(() => pool.stop());

  it(
    'renders the same bytes as the main thread, for every voucher and option, several at once',
    async () => {
      const cases = [
        { layout: voucherOfLines(3), options: {} },
        { layout: voucherOfLines(180), options: { paper: 'letter' as const, watermark: 'COPIA' } },
        {
          layout: voucherLayout(
            invoiceDetail(facturaA, { regime: 'responsable_inscripto', approved }),
            { locale: 'en', environment: 'live' },
          ),
          options: { logoHeight: 60 },
        },
      ];
      const offThread = await Promise.all(cases.map((c) => pool.render(c.layout, c.options)));
      for (const [i, c] of cases.entries()) {
        const onThread = await renderVoucherPdf(c.layout, c.options);
        expect(offThread[i]!.subarray(0, 5).toString()).toBe('%PDF-');
        expect(offThread[i]!.equals(onThread)).toBe(true);
      }
    },
    THREAD_START_MS,
  );

  it(
    'a render past its deadline fails with pdf_too_large, as on the main thread',
    async () => {
      await expect(pool.render(voucherOfLines(400), { deadlineMs: 0 })).rejects.toMatchObject({
        code: 'pdf_too_large',
      });
    },
    THREAD_START_MS,
  );
});

describe('the PDF render pool: a thread that dies', () => {
  it(
    'fails only the render it held (pdf_renderer_lost); the others and the next ones render',
    async () => {
      const pool = createPdfRenderPool({ size: 1, threadEntry: CRASHING_THREAD });
      try {
        const layout = voucherOfLines(3);
        const [before, crashed, after] = await Promise.allSettled([
          pool.render(layout),
          pool.render(voucherOfLines(3, 'CRASH')),
          pool.render(layout),
        ]);
        const expected = await renderVoucherPdf(layout);
        expect(crashed).toMatchObject({
          status: 'rejected',
          reason: { kind: 'unavailable', code: PDF_RENDERER_LOST },
        });
        expect(before.status === 'fulfilled' && before.value.equals(expected)).toBe(true);
        expect(after.status === 'fulfilled' && after.value.equals(expected)).toBe(true);
        expect((await pool.render(layout)).equals(expected)).toBe(true);
      } finally {
        await pool.stop();
      }
    },
    THREAD_START_MS,
  );
});

describe('the PDF render pool: stopping', () => {
  it(
    'fails the renders running and waiting with pdf_renderer_stopped, and every later one',
    async () => {
      const pool = createPdfRenderPool({ size: 1 });
      const renders = Promise.allSettled([
        pool.render(voucherOfLines(400)),
        pool.render(voucherOfLines(3)),
      ]);
      await pool.stop();
      for (const result of await renders)
        expect(result).toMatchObject({
          status: 'rejected',
          reason: { kind: 'unavailable', code: PDF_RENDERER_STOPPED },
        });
      await expect(pool.render(voucherOfLines(3))).rejects.toMatchObject({
        code: PDF_RENDERER_STOPPED,
      });
    },
    THREAD_START_MS,
  );
});
