import { describe, expect, it } from 'vitest';
import {
  arcaMessages,
  faultMessages,
} from '@/app/[locale]/console/(signed-in)/invoices/[id]/answer-messages';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

// The fault a live send leaves on an invoice whose point of sale is not registered (lib/invoices).
const unusable = {
  provider: 'gov-ar',
  code: 'point_of_sale_not_usable',
  message:
    'Point of sale 0007 is not registered for web services: nothing was sent. In ARCA, «Administración de puntos de venta y domicilios» → …',
};

describe("ARCA's answer on the console's invoice page", () => {
  it('explains a failed send in the console language, keeping the stored English text marked as such', () => {
    const [shown] = faultMessages([unusable], new Set());
    expect(shown).toEqual({
      code: 'point_of_sale_not_usable',
      message: unusable.message,
      explanation: { fault: 'point_of_sale_not_usable' },
      english: true,
    });
    expect(es.console.jobs.codes.point_of_sale_not_usable).toContain(
      '«Administración de puntos de venta y domicilios» → «A/B/M de puntos de venta» → «Agregar»',
    );
    expect(en.console.jobs.codes.point_of_sale_not_usable).toContain(
      'not enabled for web services',
    );
    expect(
      faultMessages([{ code: 'arca_rejected', message: 'ARCA rejected …' }], new Set()),
    ).toEqual([
      {
        code: 'arca_rejected',
        message: 'ARCA rejected …',
        explanation: { fault: 'arca_rejected' },
        english: true,
      },
    ]);
  });

  it("explains ARCA's codes, and tells a rejection's error once", () => {
    expect(arcaMessages([{ code: '10016', message: 'El numero …' }])).toEqual([
      { code: '10016', message: 'El numero …', explanation: { arca: '10016' }, english: false },
    ]);
    expect(arcaMessages([{ code: '99999', message: 'Otro' }])[0]!.explanation).toBeNull();
    const faults = [
      { code: 'arca.10016', message: 'El numero no es el proximo' },
      { code: 'step_failed', message: 'boom' },
      { message: 'no code' },
    ];
    expect(faultMessages(faults, new Set(['10016'])).map((m) => [m.code, m.explanation])).toEqual([
      ['step_failed', { fault: 'step_failed' }],
      ['', null],
    ]);
    expect(faultMessages(faults, new Set())[0]).toMatchObject({
      code: '10016',
      explanation: { arca: '10016' },
      english: false,
    });
  });
});
