import PDFDocument from 'pdfkit';
import { DomainError } from '@/lib/errors';
import { drawQr } from './pdf-qr';
import { BOLD, drawAmount, drawFields, FONT } from './pdf-text';
import type { VoucherLayout } from './voucher-layout-types';

export interface PdfOptions {
  paper?: 'A4' | 'letter';
  /** A text across every page, besides homologación's own mark. */
  watermark?: string;
  /** The supplier's logo's height in points (default 40). */
  logoHeight?: number;
  /** Gives up (DomainError `pdf_too_large`) past this much wall time (default 60 s). */
  deadlineMs?: number;
}

const MARGIN = 36;
const CELL_PAD = 2;
const LINE_SIZE = 7.5;
// Rows between yields to the event loop: a 10,000-line invoice never holds the process for long.
const ROWS_PER_SLICE = 50;
const MAX_CELL_CHARS = 600;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The voucher as a PDF (pdfkit: vector text in the standard Helvetica, WinAnsi, which covers
 * Spanish; ARCA's QR as vector squares). Long invoices break across pages with the voucher's name
 * and the table's header repeated, and every page says «Página n de N». The work is cut into
 * slices with yields in between, and stops at a deadline, so a huge invoice never stalls the server.
 */
export async function renderVoucherPdf(
  layout: VoucherLayout,
  options: PdfOptions = {},
): Promise<Buffer> {
  const started = Date.now();
  const deadline = started + (options.deadlineMs ?? 60_000);
  const created = layout.issueDate ? new Date(`${layout.issueDate}T12:00:00Z`) : new Date(0);
  const doc = new PDFDocument({
    size: options.paper === 'letter' ? 'LETTER' : 'A4',
    margin: MARGIN,
    bufferPages: true,
    // Fixed dates: the same voucher renders to the same bytes, so a re-run's file has the same hash.
    info: {
      Title: layout.title,
      Creator: 'ARCA e-invoicing',
      Producer: 'pdfkit',
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  let y = MARGIN;

  // ORIGINAL
  doc.rect(left, y, width, 18).stroke();
  doc
    .font(BOLD)
    .fontSize(11)
    .text(layout.original, left, y + 4, { width, align: 'center' });
  y += 24;
  for (const banner of [layout.sandbox, layout.notAuthorised]) {
    if (!banner) continue;
    const top = y;
    doc.font(BOLD).fontSize(11).fillColor('#991b1b');
    doc.text(banner.title.toUpperCase(), left + 6, y + 5, { width: width - 12, align: 'center' });
    doc
      .font(FONT)
      .fontSize(8)
      .text(banner.lead, { width: width - 12, align: 'center' });
    y = doc.y + 5;
    doc
      .lineWidth(1.5)
      .strokeColor('#991b1b')
      .rect(left, top, width, y - top)
      .stroke();
    doc.lineWidth(1).strokeColor('#000000').fillColor('#000000');
    y += 6;
  }

  // The header: supplier (left), the letter box (centre), the voucher (right).
  const top = y;
  const half = width / 2;
  const box = 40;
  let leftY = y + 8;
  if (layout.logo) {
    const height = options.logoHeight ?? 40;
    try {
      doc.image(Buffer.from(layout.logo.data, 'base64'), left + 6, leftY, {
        fit: [half - box / 2 - 16, height],
      });
      leftY += height + 4;
    } catch {
      // A logo pdfkit cannot read is left out; the voucher is what matters.
    }
  }
  doc
    .font(BOLD)
    .fontSize(12)
    .text(layout.supplier.name, left + 6, leftY, {
      width: half - box / 2 - 12,
    });
  leftY = drawFields(doc, layout.supplier.fields, left + 6, doc.y + 3, half - box / 2 - 12);
  const rightX = left + half + box / 2 + 6;
  const rightW = half - box / 2 - 12;
  doc
    .font(BOLD)
    .fontSize(14)
    .text(layout.voucherName.toUpperCase(), rightX, y + 8, {
      width: rightW,
    });
  let rightY = drawFields(doc, layout.heading, rightX, doc.y + 3, rightW);
  rightY = drawFields(doc, layout.supplier.taxFields, rightX, rightY + 4, rightW);
  y = Math.max(leftY, rightY, top + box + 8) + 6;
  doc.rect(left, top, width, y - top).stroke();
  const boxX = left + half - box / 2;
  doc.rect(boxX, top, box, box).fillAndStroke('#ffffff', '#000000');
  doc.fillColor('#000000').font(BOLD).fontSize(24);
  doc.text(layout.letter ?? '—', boxX, top + 4, { width: box, align: 'center' });
  doc.fontSize(6).text(layout.code, boxX, top + 30, { width: box, align: 'center' });
  doc
    .moveTo(left + half, top + box)
    .lineTo(left + half, y)
    .stroke();
  y += 6;

  // Customer, then the terms of the sale.
  for (const block of [layout.customer, layout.terms]) {
    if (!block.fields.length) continue;
    const blockTop = y;
    const end = drawFields(doc, block.fields, left + 6, y + 6, width - 12);
    y = end + 4;
    doc.rect(left, blockTop, width, y - blockTop).stroke();
    y += 6;
  }

  // Lines.
  const columns = layout.lines.columns;
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / total) * width);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const tableHeader = () => {
    doc.font(BOLD).fontSize(LINE_SIZE);
    const h =
      Math.max(
        ...columns.map((c, i) => doc.heightOfString(c.label, { width: widths[i]! - 2 * CELL_PAD })),
      ) +
      2 * CELL_PAD;
    doc.rect(left, y, width, h).fillAndStroke('#e5e7eb', '#000000');
    doc.fillColor('#000000');
    columns.forEach((c, i) =>
      doc.text(c.label, xs[i]! + CELL_PAD, y + CELL_PAD, {
        width: widths[i]! - 2 * CELL_PAD,
        align: c.align,
      }),
    );
    y += h;
  };
  const newPage = () => {
    doc.font(FONT).fontSize(7).fillColor('#374151');
    doc.text(layout.continued, left, bottom(), { width, align: 'right', lineBreak: false });
    doc.addPage();
    y = MARGIN;
    doc.font(BOLD).fontSize(10).fillColor('#000000').text(layout.continuation, left, y, { width });
    y = doc.y + 6;
  };
  if (columns.length) tableHeader();
  doc.font(FONT).fontSize(LINE_SIZE);
  const rows = layout.lines.rows;
  for (let r = 0; r < rows.length; r++) {
    if (r % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) {
      await yieldToLoop();
      if (Date.now() > deadline) {
        doc.end();
        throw new DomainError({
          kind: 'unavailable',
          code: 'pdf_too_large',
          detail: `Rendering the PDF took longer than its deadline (line ${r + 1} of ${rows.length}).`,
        });
      }
      doc.font(FONT).fontSize(LINE_SIZE);
    }
    const cells = rows[r]!.map((text) =>
      text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text,
    );
    const h =
      Math.max(
        ...cells.map((text, i) => {
          const w = widths[i]! - 2 * CELL_PAD;
          // Most cells fit on one line: measuring their width is far cheaper than wrapping them.
          return doc.widthOfString(text) <= w
            ? LINE_SIZE * 1.2
            : doc.heightOfString(text, { width: w });
        }),
      ) +
      2 * CELL_PAD;
    if (y + h > bottom()) {
      newPage();
      tableHeader();
      doc.font(FONT).fontSize(LINE_SIZE);
    }
    cells.forEach((text, i) =>
      doc.text(text, xs[i]! + CELL_PAD, y + CELL_PAD, {
        width: widths[i]! - 2 * CELL_PAD,
        align: columns[i]!.align,
      }),
    );
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#9ca3af')
      .stroke();
    doc.lineWidth(1).strokeColor('#000000');
  }
  y += 8;

  // Totals, the transparency box, the CAE and QR: each kept whole on one page.
  const ensure = (height: number) => {
    if (y + height > bottom()) newPage();
  };
  const totalsW = Math.min(280, width);
  const totalsX = left + width - totalsW;
  ensure((layout.totals.fields.length + 1) * 13 + 12);
  for (const field of layout.totals.fields) y = drawAmount(doc, field, totalsX, y, totalsW);
  doc
    .moveTo(totalsX, y)
    .lineTo(left + width, y)
    .stroke();
  y = drawAmount(doc, layout.totals.total, totalsX, y + 3, totalsW, true) + 6;
  if (layout.transparency) {
    ensure(layout.transparency.fields.length * 13 + 30);
    const blockTop = y;
    doc
      .font(BOLD)
      .fontSize(8)
      .text(layout.transparency.title, left + 6, y + 6, {
        width: width - 12,
      });
    y = doc.y + 3;
    for (const field of layout.transparency.fields)
      y = drawAmount(doc, field, left + 6, y, Math.min(300, width - 12));
    doc.rect(left, blockTop, width, y - blockTop + 2).stroke();
    y += 10;
  }
  if (layout.authorisation) {
    const qr = 90;
    ensure(qr + 12);
    const blockTop = y;
    if (layout.authorisation.qrUrl) drawQr(doc, layout.authorisation.qrUrl, left + 6, y + 6, qr);
    const textX = left + (layout.authorisation.qrUrl ? qr + 20 : 6);
    doc.font(BOLD).fontSize(10).fillColor('#000000');
    doc.text(layout.authorisation.title, textX, y + 10, { width: width - textX + left });
    drawFields(doc, layout.authorisation.fields, textX, doc.y + 4, width - textX + left, 9);
    y = blockTop + qr + 12;
    doc.rect(left, blockTop, width, y - blockTop).stroke();
  }

  // On every page: the watermarks and «Página n de N».
  const marks = [layout.sandbox?.title, options.watermark ?? layout.watermark].filter(
    (m): m is string => !!m,
  );
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    if (i % 20 === 19) await yieldToLoop();
    doc.switchToPage(i);
    marks.forEach((mark, n) => drawWatermark(doc, mark.toUpperCase(), n));
    // Writing below the bottom margin would make pdfkit open a page: lift the margin first.
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(7).fillColor('#000000');
    doc.text(
      layout.pageLabel.replace('{page}', String(i + 1)).replace('{pages}', String(range.count)),
      left,
      doc.page.height - MARGIN + 6,
      { width, align: 'center', lineBreak: false },
    );
  }
  doc.end();
  return finished;
}

/** A light diagonal text across the page, under nothing the eye needs (low opacity). */
function drawWatermark(doc: PDFKit.PDFDocument, text: string, index: number) {
  const { width, height } = doc.page;
  const diagonal = Math.hypot(width, height) * 0.8;
  doc.font(BOLD).fontSize(40);
  const size = Math.min(60, (0.9 * 40 * diagonal) / doc.widthOfString(text));
  doc.save();
  doc.rotate(-Math.atan2(height, width) * (180 / Math.PI), { origin: [width / 2, height / 2] });
  doc.fillColor('#b91c1c').fillOpacity(0.14).fontSize(size);
  doc.text(text, width / 2 - diagonal / 2, height / 2 - size / 2 + index * size * 1.3, {
    width: diagonal,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  doc.fillOpacity(1);
}
