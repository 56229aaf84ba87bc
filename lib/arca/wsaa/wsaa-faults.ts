/**
 * Every WSAA LoginCms fault the product knows, as WSAA names it (faultcode without namespace),
 * with ARCA's own fault string and the code whose message (arca.codes.*) tells the supplier what to do.
 */
export const WSAA_FAULTS = {
  'coe.notAuthorized': {
    code: 'wsaa_not_authorized',
    faultstring: 'Computador no autorizado a acceder al servicio',
  },
  'coe.alreadyAuthenticated': {
    code: 'wsaa_already_authenticated',
    faultstring: 'El CEE ya posee un TA valido para el acceso al WSN solicitado',
  },
  'cms.cert.untrusted': {
    code: 'wsaa_cert_untrusted',
    faultstring: 'Certificado no emitido por AC de confianza',
  },
  'cms.cert.expired': { code: 'wsaa_cert_expired', faultstring: 'Certificado expirado' },
  'cms.cert.invalid': {
    code: 'wsaa_cert_not_yet_valid',
    faultstring: 'Certificado con fecha de inicio posterior a la actual',
  },
  'cms.cert.notFound': {
    code: 'wsaa_cms_cert_missing',
    faultstring: 'No se ha encontrado certificado de firma en el CMS',
  },
  'cms.sign.invalid': {
    code: 'wsaa_cms_signature_invalid',
    faultstring: 'Firma inválida o algoritmo no soportado',
  },
  'cms.bad': { code: 'wsaa_cms_bad', faultstring: 'El CMS no es valido' },
  'cms.bad.base64': { code: 'wsaa_cms_bad', faultstring: 'No se ha podido decodificar el BASE64' },
  'xml.bad': {
    code: 'wsaa_xml_bad',
    faultstring: 'No se ha podido interpretar el XML contra el SCHEMA',
  },
  'xml.generationTime.invalid': {
    code: 'wsaa_generation_time_invalid',
    faultstring: 'Tiempo de generacion invalido',
  },
  'xml.expirationTime.expired': {
    code: 'wsaa_expiration_time_invalid',
    faultstring: 'Tiempo de expiracion expirado',
  },
  'xml.expirationTime.invalid': {
    code: 'wsaa_expiration_time_invalid',
    faultstring: 'Tiempo de expiracion invalido',
  },
  'wsn.notFound': { code: 'wsaa_service_unknown', faultstring: 'Servicio informado inexistente' },
  'wsn.unavailable': {
    code: 'wsaa_service_unavailable',
    faultstring:
      'El servicio al que se desea acceder se encuentra momentáneamente fuera de servicio',
  },
} as const;

export type WsaaFaultName = keyof typeof WSAA_FAULTS;

/** Maps a WSAA faultcode to the product's code; an unknown fault keeps its name for the message. */
export function mapWsaaFault(faultcode: string): { code: string; params?: Record<string, string> } {
  const name = faultcode.includes(':')
    ? faultcode.slice(faultcode.lastIndexOf(':') + 1)
    : faultcode;
  const known = (WSAA_FAULTS as Record<string, { code: string }>)[name];
  return known
    ? { code: known.code }
    : { code: 'wsaa_unknown_fault', params: { fault: name.slice(0, 80) || '?' } };
}
