/** Name and CUIT of a stored party, whether the entry holds the party or an envelope around it. */
export function partyOf(data: Record<string, unknown>): { name: string; cuit: string } {
  const doc = (data.doc && typeof data.doc === 'object' ? data.doc : data) as {
    name?: unknown;
    tax_id?: { code?: unknown };
  };
  return {
    name: typeof doc.name === 'string' ? doc.name : '',
    cuit: typeof doc.tax_id?.code === 'string' ? doc.tax_id.code : '',
  };
}
