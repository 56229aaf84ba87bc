import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderVoucherPdf, voucherLayout } from '@/lib/invoice-print';
import { invoiceDetail } from '../support/invoice-detail';
import { voucherOfLines } from '../support/voucher-of-lines';
import { approved, facturaA, facturaBFinalConsumer, facturaC } from '../support/voucher-docs';

// Text in content order (-raw): the diagonal watermark, drawn last, never splits a line.
// poppler-utils (pdftotext, pdftoppm) and zbar-tools (zbarimg) read the PDFs back; scripts/test.sh
// installs them. Without them the suite is skipped, and says which are missing.
const TOOLS = ['pdftotext', 'pdftoppm', 'zbarimg'];
const missing = TOOLS.filter((tool) => spawnSync('which', [tool]).status !== 0);
const suite = missing.length ? describe.skip : describe;
const skipped = missing.length ? ` (skipped: ${missing.join(', ')} not installed)` : '';
const dir = mkdtempSync(path.join(tmpdir(), 'voucher-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pdfOf(
  doc: Record<string, unknown>,
  regime: 'responsable_inscripto' | 'monotributista',
  environment: 'sandbox' | 'live',
  name: string,
  paper: 'A4' | 'letter' = 'A4',
) {
  const layout = voucherLayout(invoiceDetail(doc, { regime, approved }), {
    locale: 'es',
    environment,
  });
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await renderVoucherPdf(layout, { paper }));
  return file;
}
const textOf = (file: string) =>
  execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
function qrOf(file: string): string {
  const prefix = `${file}-page`;
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, prefix]);
  const png = readdirSync(dir).find((f) => f.startsWith(path.basename(prefix)))!;
  // zbarimg complains on stderr about a missing D-Bus; only its answer matters.
  return execFileSync('zbarimg', ['-q', '--raw', path.join(dir, png)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

suite(`the voucher PDF, read back with poppler and zbar${skipped}`, () => {
  it('Factura B in homologación: CUIT, number, CAE, Vto. CAE, Ley 27.743, sin validez fiscal; the QR is ARCA’s URL naming the CAE and total', async () => {
    const file = await pdfOf(facturaBFinalConsumer, 'responsable_inscripto', 'sandbox', 'b');
    const text = textOf(file);
    expect(text).toContain('ORIGINAL');
    expect(text).toContain('COMPROBANTE DE PRUEBA — SIN VALIDEZ FISCAL');
    expect(text).toMatch(/CUIT: 30-71234567-1/);
    expect(text).toMatch(/Punto de venta: 0002/);
    expect(text).toMatch(/Comp\. Nro: 00000001/);
    expect(text).toMatch(/CAE N°: 76123456789012/);
    expect(text).toMatch(/Fecha de vto\. de CAE: 08\/12\/2026/);
    expect(text).toMatch(/Fecha de emisión: 28\/11\/2026/);
    expect(text).toContain('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)');
    expect(text).toMatch(/IVA contenido:\s+\$ 467,25/);
    expect(text).toMatch(/Importe total:\s+\$ 2\.917,25/);
    expect(text).toContain('Página 1 de 1');
    const url = qrOf(file);
    expect(url).toMatch(/^https:\/\/www\.(afip|arca)\.gob\.ar\/fe\/qr\/\?p=/);
    const payload = JSON.parse(Buffer.from(url.split('?p=')[1]!, 'base64').toString('utf8'));
    expect(payload).toMatchObject({
      ver: 1,
      cuit: 30712345671,
      ptoVta: 2,
      tipoCmp: 6,
      nroCmp: 1,
      importe: 2917.25,
      codAut: 76123456789012,
    });
  });

  it('Factura A in production (letter paper): both CUITs, IVA per rate, no sin-validez mark', async () => {
    const file = await pdfOf(facturaA, 'responsable_inscripto', 'live', 'a', 'letter');
    const text = textOf(file);
    expect(text).toMatch(/CUIT: 30-71234567-1/);
    expect(text).toMatch(/CUIT: 30-98765432-1/);
    expect(text).toMatch(/IVA 21 %:\s+\$ 420,00/);
    expect(text).toMatch(/IVA 10,5 %:\s+\$ 47,25/);
    expect(text).not.toMatch(/SIN VALIDEZ FISCAL/i);
    expect(text).not.toContain('Ley 27.743');
    expect(qrOf(file)).toMatch(/\?p=/);
  });

  it('Factura C: no IVA at all', async () => {
    const text = textOf(await pdfOf(facturaC, 'monotributista', 'live', 'c'));
    expect(text).toContain('Responsable Monotributo');
    expect(text).not.toMatch(/IVA \d|Alícuota|IVA contenido/);
    expect(text).toMatch(/Importe total:\s+\$ 24\.000,00/);
  });

  it('a long invoice breaks into pages with the voucher named on each and «Página n de N»', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => ({
      quantity: '1',
      item: { name: `Artículo ${i + 1}`, price: '10', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    }));
    const file = await pdfOf(
      { ...facturaBFinalConsumer, lines },
      'responsable_inscripto',
      'live',
      'long',
    );
    const text = textOf(file);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[1]).toContain('Factura B 0002-00000001 (continuación)');
    expect(pages[0]).toContain('Sigue en la página siguiente');
    expect(text).toContain(`Página ${pages.length} de ${pages.length}`);
    expect(text).toContain('Artículo 150');
  });
});

describe('renderVoucherPdf: bounded and repeatable', () => {
  it('the same voucher renders to the same bytes (the pdf step compares hashes)', async () => {
    const layout = voucherOfLines(3);
    const [a, b] = [await renderVoucherPdf(layout), await renderVoucherPdf(layout)];
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.equals(b)).toBe(true);
  });

  it('gives up past its deadline with pdf_too_large, and lets the event loop run meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await expect(renderVoucherPdf(voucherOfLines(400), { deadlineMs: 0 })).rejects.toMatchObject({
      code: 'pdf_too_large',
    });
    await renderVoucherPdf(voucherOfLines(400));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });
});
