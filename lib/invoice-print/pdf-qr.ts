import QRCode from 'qrcode';

/**
 * ARCA's QR (RG 4291) drawn as vector squares, one per dark module of the code the QR library makes
 * (medium error correction, as ARCA's samples): sharp at any zoom and on any printer.
 */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  doc.fillColor('#000000').fill();
}
