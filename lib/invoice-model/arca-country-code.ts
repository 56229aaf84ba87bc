// ARCA's country codes (the table WSCT's consultarPaises and WSFEX's FEXGetPARAM_DST_pais answer;
// a CUIT país embeds them: 50000004100 is Spain's, 410) for the countries tourists most often come
// from. A country missing here is refused by name rather than sent with a guess.
const ARCA_COUNTRIES: Record<string, number> = {
  // Americas
  BO: 202,
  BR: 203,
  CA: 204,
  CO: 205,
  CR: 206,
  CU: 207,
  CL: 208,
  DO: 209,
  EC: 210,
  SV: 211,
  US: 212,
  GT: 213,
  HN: 216,
  MX: 218,
  NI: 219,
  PA: 220,
  PY: 221,
  PE: 222,
  PR: 223,
  UY: 225,
  VE: 226,
  // Asia
  CN: 310,
  IN: 315,
  IL: 319,
  JP: 320,
  KR: 309,
  AE: 331,
  SG: 333,
  // Europe
  AT: 405,
  BE: 406,
  DK: 409,
  ES: 410,
  FI: 411,
  FR: 412,
  GR: 413,
  IE: 415,
  IT: 417,
  NO: 422,
  NL: 423,
  PL: 424,
  PT: 425,
  GB: 426,
  SE: 429,
  CH: 430,
  DE: 438,
  RU: 444,
  CZ: 451,
  // Oceania and Africa
  AU: 501,
  NZ: 504,
  ZA: 159,
};

/** ARCA's code for an ISO 3166 alpha-2 country, or undefined when it is not in the table. */
export function arcaCountryCode(iso: string | undefined): number | undefined {
  const code = (iso ?? '').toUpperCase();
  return Object.hasOwn(ARCA_COUNTRIES, code) ? ARCA_COUNTRIES[code] : undefined;
}
