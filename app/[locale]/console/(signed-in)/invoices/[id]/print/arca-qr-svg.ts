import 'server-only';
import QRCode from 'qrcode';

/** ARCA's printed-invoice QR as an SVG document, made on the server (medium error correction, as ARCA's samples). */
export function arcaQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
}
