import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { parsePointsOfSale } from '@/lib/arca';
import { describePointOfSale, type PointOfSaleView } from '@/lib/registration/list-points-of-sale';
import { PointsTable } from '@/app/[locale]/reg/[ref]/points-of-sale/points-table';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { readSharedAfip } from '../support/shared-afip';
import { itWithSharedAfip } from '../support/shared-afip-suite';

const UNAGI_POINTS = 'corpus/responses/wsfe/unagi_sale_points_response.xml';

const answer = (points: Array<[number, string, string, string]>) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><FEParamGetPtosVentaResponse xmlns="http://ar.gov.afip.dif.FEV1/"><FEParamGetPtosVentaResult><ResultGet>` +
  points
    .map(
      ([n, type, blocked, closed]) =>
        `<PtoVenta><Nro>${n}</Nro><EmisionTipo>${type}</EmisionTipo><Bloqueado>${blocked}</Bloqueado><FchBaja>${closed}</FchBaja></PtoVenta>`,
    )
    .join('') +
  `</ResultGet></FEParamGetPtosVentaResult></FEParamGetPtosVentaResponse></soap:Body></soap:Envelope>`;

function views(xml: string): PointOfSaleView[] {
  const result = parsePointsOfSale(xml);
  if (!result.ok) throw new Error(result.outcome.code);
  return result.value.map(describePointOfSale);
}

/** The wizard's table as the supplier reads it: one line of text per row. */
function rows(list: PointOfSaleView[], locale: 'es' | 'en'): string[] {
  const html = renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- NextIntlClientProvider's props type requires children, so createElement's third argument does not type-check
    createElement(NextIntlClientProvider, {
      locale,
      messages: locale === 'es' ? es : en,
      timeZone: 'America/Argentina/Buenos_Aires',
      children: createElement(PointsTable, { list }),
    }),
  );
  return [...html.matchAll(/<tr class="border-b border-slate-200">([\s\S]*?)<\/tr>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('points of sale as the wizard shows them', () => {
  const list = views(
    answer([
      [1, 'CAE - Ri Iva', 'N', 'NULL'],
      [2, 'RECE', 'N', 'NULL'],
      [3, 'Factura en Linea - Monotributo', 'N', 'NULL'],
      [4, '', 'N', 'NULL'],
      [5, 'Controlador Fiscal', 'N', 'NULL'],
      [6, 'CAE - Monotributo', 'N', '20190108010858'],
      [7, 'CAEA - Ri Iva', 'N', 'NULL'],
      [8, 'CAE - Ri Iva', 'S', 'NULL'],
      [9, 'CAE - Ri Iva', 'N', '20240331'],
    ]),
  );

  it('marks every EmisionTipo that is not CAE as unusable, with the reason', () => {
    expect(list.map((p) => [p.number, p.usable, p.problem])).toEqual([
      [1, true, undefined],
      [2, false, 'not_cae'],
      [3, false, 'not_cae'],
      [4, false, 'not_cae'],
      [5, false, 'not_cae'],
      [6, false, 'closed'],
      [7, false, 'caea'],
      [8, false, 'blocked'],
      [9, false, 'closed'],
    ]);
    const shown = rows(list, 'es');
    expect(shown.filter((row) => row.includes('Se puede usar'))).toEqual([
      '0001 CAE - Ri Iva ✓ Se puede usar',
    ]);
    expect(shown[1]).toBe(
      '0002 RECE ✗ No es un punto de venta para web services (por ejemplo, es de «Factura en Línea»): no sirve para facturar por este sistema',
    );
    expect(shown[2]).toContain(
      'Factura en Linea - Monotributo ✗ No es un punto de venta para web services',
    );
    expect(shown[3]).toBe(
      '0004 (ARCA no lo informa) ✗ No es un punto de venta para web services (por ejemplo, es de «Factura en Línea»): no sirve para facturar por este sistema',
    );
    expect(shown[4]).toContain('✗ No es un punto de venta para web services');
    expect(rows(list, 'en')[1]).toBe(
      "0002 RECE ✗ It's not a web services point of sale (for example, it's a «Factura en Línea» one): it can't invoice through this system",
    );
  });

  it('writes FchBaja as a date, whether WSFE sends 8 or 14 digits', () => {
    expect(list.find((p) => p.number === 6)).toMatchObject({ closedOn: '2019-01-08' });
    const shown = rows(list, 'es');
    expect(shown[5]).toBe('0006 CAE - Monotributo ✗ Dado de baja el 8 de enero de 2019');
    expect(shown[8]).toBe('0009 CAE - Ri Iva ✗ Dado de baja el 31 de marzo de 2024');
    expect(rows(list, 'en')[5]).toBe('0006 CAE - Monotributo ✗ Closed on January 8, 2019');
    expect(shown.join('\n')).not.toContain('20190108010858');
  });

  itWithSharedAfip(
    [UNAGI_POINTS],
    'reads the recorded answer with a 14-digit FchBaja (unagi) the same way',
    () => {
      const recorded = readSharedAfip(UNAGI_POINTS).toString('utf8');
      const shown = rows(views(recorded), 'es');
      expect(shown).toEqual([
        '0002 CAE ✓ Se puede usar',
        '0003 CAE ✗ Dado de baja el 8 de enero de 2019',
      ]);
    },
  );

  it('keeps an FchBaja that is no date as closed, without inventing one', () => {
    const [odd] = views(answer([[4, 'CAE - Ri Iva', 'N', '31/03/2024']]));
    expect(odd).toMatchObject({ usable: false, problem: 'closed' });
    expect(odd!.closedOn).toBeUndefined();
    expect(rows([odd!], 'es')).toEqual(['0004 CAE - Ri Iva ✗ Dado de baja']);
  });
});
