// The contract between invoicing (which maps a GOBL Factura T) and the WSCT client (which sends it):
// one autorizarComprobante `comprobanteRequest`, field names exactly as WSCT (CTService) names them.
// Amounts are decimal strings with two decimals ("1210.00"); dates are yyyy-mm-dd (WSCT's xsd:date),
// unlike WSFEv1's yyyymmdd.

/** Factura T, Nota de Débito T, Nota de Crédito T (RG 3971). */
export const CT_VOUCHER_TYPES = [195, 196, 197] as const;
export type CtVoucherType = (typeof CT_VOUCHER_TYPES)[number];

/** One line (`item`). IVA is included in `importeItem`, as in pyafipws' recorded request. */
export interface CtItem {
  /** 0: a general item (consultarTiposItem). */
  tipo: number;
  /** consultarCodigosItemTurismo: 1 hotel without breakfast, 2 with breakfast, 5 surplus. */
  codigoTurismo: number;
  codigo?: string;
  descripcion: string;
  /** 5: 21 %, the only rate a Factura T line takes (GOBL's rule 28). */
  codigoAlicuotaIVA: number;
  importeIVA: string;
  importeItem: string;
}

/** Another tax (`otroTributo`), ids as WSFE's Tributos. */
export interface CtTaxLine {
  codigo: number;
  descripcion: string;
  baseImponible: string;
  importe: string;
}

/** The IVA of one rate (`subtotalIVA`). */
export interface CtVatSubtotal {
  codigo: number;
  importe: string;
}

/** A preceding voucher a note refers to (`comprobanteAsociado`). */
export interface CtAssociatedVoucher {
  codigoTipoComprobante: number;
  numeroPuntoVenta: number;
  numeroComprobante: number;
}

/** Everything of one voucher except its number, which is assigned only when it is sent. */
export interface CtVoucher {
  codigoTipoComprobante: CtVoucherType;
  numeroPuntoVenta: number;
  /** yyyy-mm-dd */
  fechaEmision: string;
  /** "E": CAE (as every recorded request sends). */
  codigoTipoAutorizacion: 'E';
  codigoTipoDocumento: number;
  /** As written on the document: a passport carries letters. */
  numeroDocumento: string;
  /** The receiver's IVA condition (consultarCondicionesIVA), e.g. "5" or "9". */
  idImpositivo: string;
  /** ARCA's country code (consultarPaises): 203 Brasil, 410 España … */
  codigoPais: number;
  domicilioReceptor: string;
  /** GOBL's `ar-arca-tourism-type`: 1 direct accommodation to a non-resident tourist … 6. */
  codigoRelacionEmisorReceptor: number;
  importeGravado: string;
  importeNoGravado: string;
  importeExento: string;
  /** Left out when there are no other taxes (as pyafipws does). */
  importeOtrosTributos?: string;
  /** The IVA refunded to the tourist (Decreto 1043/2016): zero or negative. */
  importeReintegro: string;
  importeTotal: string;
  /** "PES", "DOL", … */
  codigoMoneda: string;
  cotizacionMoneda: string;
  observaciones?: string;
  arrayComprobantesAsociados?: CtAssociatedVoucher[];
  arrayItems: CtItem[];
  arrayOtrosTributos?: CtTaxLine[];
  arraySubtotalesIVA: CtVatSubtotal[];
}

/** A voucher with the number it is sent under. */
export interface NumberedCtVoucher extends CtVoucher {
  numeroComprobante: number;
}
