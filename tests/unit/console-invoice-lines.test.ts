import { createTranslator } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceLinesTable } from '@/components/console/invoice-lines-table';
import es from '@/messages/es.json';
import { invoiceDetail } from '../support/invoice-detail';
import { facturaA, withPricesIncludingVat } from '../support/voucher-docs';

// The console's translations, without Next's request context.
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) =>
    createTranslator({ locale: 'es', messages: es, namespace: namespace as 'console' }),
}));

async function linesTable(doc: Record<string, unknown>) {
  const { read } = invoiceDetail(doc, { regime: 'responsable_inscripto' });
  const element = await InvoiceLinesTable({
    read: read!,
    currency: 'ARS',
    locale: 'es',
    classes: { table: '', head: '', cell: '', number: '' },
    testId: 'lines',
  });
  return renderToStaticMarkup(element);
}

describe("the console's invoice lines", () => {
  it('say the prices include IVA when the client gave them so (tax.prices_include), as written', async () => {
    const net = await linesTable(facturaA);
    expect(net).toContain('>Precio unitario<');
    expect(net).not.toContain('IVA incluido');
    const gross = await linesTable(withPricesIncludingVat(facturaA));
    expect(gross).toContain('>Precio unitario (IVA incluido)<');
    expect(gross).toContain('>Subtotal (IVA incluido)<');
    expect(gross).toContain('$\u00a01.210,00');
  });
});
