import type { Field } from './voucher-layout-types';

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

/** «Label value» with the label in bold, wrapped to the width; returns the y below it. */
export function drawField(
  doc: PDFKit.PDFDocument,
  field: Field,
  x: number,
  y: number,
  width: number,
  size = 8,
): number {
  doc.fontSize(size).font(BOLD).fillColor('#000000');
  doc.text(`${field.label} `, x, y, { width, continued: true });
  doc.font(FONT).text(field.value);
  return doc.y + 1;
}

export function drawFields(
  doc: PDFKit.PDFDocument,
  fields: Field[],
  x: number,
  y: number,
  width: number,
  size = 8,
): number {
  let at = y;
  for (const field of fields) at = drawField(doc, field, x, at, width, size);
  return at;
}

/** Label left, amount right, on one row of the totals box; returns the y below it. */
export function drawAmount(
  doc: PDFKit.PDFDocument,
  field: Field,
  x: number,
  y: number,
  width: number,
  bold = false,
): number {
  const size = bold ? 10 : 8;
  doc
    .fontSize(size)
    .font(bold ? BOLD : FONT)
    .fillColor('#000000');
  doc.text(field.label, x, y, { width: width * 0.62, lineBreak: false });
  doc.font(BOLD).text(field.value, x + width * 0.62, y, { width: width * 0.38, align: 'right' });
  return y + size + 5;
}
