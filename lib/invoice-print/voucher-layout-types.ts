/** One printed label and its value («CUIT:» «30-71234567-1»). */
export interface Field {
  label: string;
  value: string;
}

export interface VoucherColumn {
  label: string;
  align: 'left' | 'right';
  /** Its share of the table's width on paper. */
  weight: number;
}

/**
 * Every text the printed voucher shows, in order, in one language: the print view and the PDF both
 * draw this and nothing else, so they always say the same thing. Plain data (no functions), so it
 * can cross into a worker or be cached.
 */
export interface VoucherLayout {
  locale: 'es' | 'en';
  /** «ORIGINAL». */
  original: string;
  /** Homologación: «Comprobante de prueba — sin validez fiscal» and why. */
  sandbox: { title: string; lead: string } | null;
  /** No CAE: «COMPROBANTE NO AUTORIZADO» and why. */
  notAuthorised: { title: string; lead: string } | null;
  /** A text the step's `watermark` asks for on every page of the PDF. */
  watermark: string | null;
  /** The letter box: «B» (null for a voucher without a class letter) and «COD. 006». */
  letter: string | null;
  code: string;
  /** «Factura», «Nota de crédito». */
  voucherName: string;
  /** «0002-00000001», null until ARCA numbers it. */
  number: string | null;
  /** Punto de venta, Comp. Nro, Fecha de emisión. */
  heading: Field[];
  /** `fields`: razón social, domicilio comercial, IVA; `taxFields`: CUIT, Ingresos Brutos, inicio de actividades. */
  supplier: { title: string; name: string; fields: Field[]; taxFields: Field[] };
  /** The supplier's first logo, when the document embeds one (PNG or JPEG data). */
  logo: { data: string; mime: string } | null;
  customer: { title: string; fields: Field[] };
  /** Período facturado, vencimiento del pago, moneda y cotización. */
  terms: { title: string; fields: Field[] };
  lines: { title: string; columns: VoucherColumn[]; rows: string[][] };
  totals: { title: string; fields: Field[]; total: Field };
  /** RG 5614/2024: a Factura B to a final consumer states the IVA it contains. */
  transparency: { title: string; fields: Field[] } | null;
  /** CAE, its expiry and ARCA's QR (RG 4291); null when not authorised. */
  authorisation: { title: string; fields: Field[]; qrUrl: string | null; qrLabel: string } | null;
  /** «Página {page} de {pages}», filled in per page. */
  pageLabel: string;
  /** At the foot of a page the lines go on from. */
  continued: string;
  /** At the head of a page after the first. */
  continuation: string;
  /** `factura-B-0002-00000001.pdf`. */
  fileName: string;
  /** The document's title (the PDF's metadata, the page's heading). */
  title: string;
  /** The issue date as yyyy-mm-dd: the PDF's creation date, so the same invoice makes the same file. */
  issueDate: string | null;
}
