/**
 * WSFE's Concepto from the lines' item keys, as GOBL's addon does: a line whose item key is
 * `goods` is a product, any other (or none) a service; 1 products, 2 services, 3 both.
 */
export function chooseConcept(lines: readonly { item: { key?: string } }[]): 1 | 2 | 3 {
  const goods = lines.some((l) => l.item.key === 'goods');
  const services = lines.some((l) => l.item.key !== 'goods');
  if (goods && services) return 3;
  return goods ? 1 : 2;
}
