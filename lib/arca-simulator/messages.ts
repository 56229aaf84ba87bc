// The simulated portal speaks only Spanish, as ARCA's does. Keys are the errors of the simulator verbs.
export const PORTAL_MESSAGES: Record<string, string> = {
  csr_invalid:
    'No se pudo leer el pedido de certificado (CSR). Pegá el texto completo, desde «-----BEGIN CERTIFICATE REQUEST-----».',
  csr_signature: 'La firma del pedido de certificado no es válida.',
  csr_cuit: 'El pedido no tiene un serialNumber «CUIT <11 dígitos>» válido.',
  csr_alias: 'El CN del pedido no es un alias válido (solo letras y números).',
  alias_mismatch: 'El nombre simbólico del DN no coincide con el CN del pedido de certificado.',
  cuit_invalid: 'El CUIT no es válido.',
  alias_unknown: 'No hay ningún certificado con ese alias para ese CUIT.',
  service_unknown: 'Servicio inexistente.',
  number_invalid: 'El número de punto de venta va de 1 a 99998.',
  type_invalid: 'Elegí un sistema de la lista.',
  date_invalid: 'La fecha de baja no es válida.',
  authorized: 'Autorización creada.',
  alias_added: 'Alias agregado.',
  point_added: 'Punto de venta guardado.',
  certificate_missing: 'No encontramos ese certificado.',
};
