// The contract between invoicing (which builds a voucher from a GOBL invoice) and the WSFE client
// (which sends it): one FECAESolicitar voucher, field names exactly as WSFEv1 names them, so that
// the mapping can be compared with ARCA's manual and the recorded requests field by field.
// Amounts are decimal strings with two decimals ("1210.00"), never JavaScript numbers; dates are
// ARCA's yyyymmdd.

/** One IVA rate line (`AlicIva`). Id: 3 (0 %), 9 (2.5 %), 8 (5 %), 4 (10.5 %), 5 (21 %), 6 (27 %). */
export interface FeVatLine {
  Id: number;
  BaseImp: string;
  Importe: string;
}

/** Another tax (`Tributo`): Id from FEParamGetTiposTributos. */
export interface FeTaxLine {
  Id: number;
  Desc: string;
  BaseImp: string;
  Alic: string;
  Importe: string;
}

/** A preceding voucher a note refers to (`CbteAsoc`). */
export interface FeAssociatedVoucher {
  Tipo: number;
  PtoVta: number;
  Nro: number;
  Cuit?: string;
  CbteFch?: string;
}

/** Everything of one voucher except its number, which is assigned only when it is sent. */
export interface FeVoucher {
  PtoVta: number;
  CbteTipo: number;
  Concepto: 1 | 2 | 3;
  DocTipo: number;
  /** Digits only; "0" with DocTipo 99. */
  DocNro: string;
  CbteFch: string;
  ImpTotal: string;
  ImpTotConc: string;
  ImpNeto: string;
  ImpOpEx: string;
  ImpTrib: string;
  ImpIVA: string;
  /** Services (Concepto 2 or 3) only. */
  FchServDesde?: string;
  FchServHasta?: string;
  FchVtoPago?: string;
  /** "PES", "DOL", … (FEParamGetTiposMonedas). */
  MonId: string;
  /** The exchange rate, "1" for PES. */
  MonCotiz: string;
  CondicionIVAReceptorId: number;
  CbtesAsoc?: FeAssociatedVoucher[];
  Tributos?: FeTaxLine[];
  /** Absent for type C vouchers, which carry no IVA. */
  Iva?: FeVatLine[];
}

/** A voucher with the number it is sent under (CbteDesde = CbteHasta). */
export interface NumberedFeVoucher extends FeVoucher {
  CbteNro: number;
}
