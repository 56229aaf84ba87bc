import { describe, expect, it } from 'vitest';
import {
  cuitCheckDigit,
  deriveAlias,
  formatCuit,
  normalizeCuit,
  validateAlias,
  validateCuit,
} from '@/lib/arca';

describe('CUIT', () => {
  it('accepts real CUITs written in any usual way', () => {
    for (const input of [
      '20329642330',
      '20-32964233-0',
      '20 32964233 0',
      ' 20.32964233.0 ',
      '33-69345023-9',
      '30-71234567-1'.replace(/1$/, String(cuitCheckDigit('3071234567'))),
      '20-26756539-3',
    ])
      expect(validateCuit(input)).toMatchObject({ ok: true });
    expect(normalizeCuit('20-32964233-0')).toBe('20329642330');
  });

  it('computes the mod-11 check digit with weights 5,4,3,2,7,6,5,4,3,2', () => {
    // 2*5+0*4+3*3+2*2+9*7+6*6+4*5+2*4+3*3+3*2 = 165; 165 % 11 = 0 → 11 → 0
    expect(cuitCheckDigit('2032964233')).toBe(0);
    expect(cuitCheckDigit('3369345023')).toBe(9);
  });

  it('names what is wrong', () => {
    expect(validateCuit('')).toEqual({ ok: false, problem: 'cuit_empty' });
    expect(validateCuit('2032964233')).toEqual({ ok: false, problem: 'cuit_length' });
    expect(validateCuit('20-3296423a-0')).toEqual({ ok: false, problem: 'cuit_length' });
    expect(validateCuit('21329642330')).toEqual({ ok: false, problem: 'cuit_prefix' });
    expect(validateCuit('20329642331')).toEqual({ ok: false, problem: 'cuit_check_digit' });
  });

  it('rejects every wrong check digit and accepts exactly the right one', () => {
    for (const prefix of ['20', '23', '24', '27', '30', '33', '34']) {
      const body = `${prefix}12345678`;
      const right = cuitCheckDigit(body);
      const valid = [...'0123456789'].filter((d) => validateCuit(body + d).ok);
      expect(valid).toEqual(right === undefined ? [] : [String(right)]);
    }
  });

  it('formats XX-XXXXXXXX-X', () => {
    expect(formatCuit('20329642330')).toBe('20-32964233-0');
    expect(formatCuit('20 32964233 0')).toBe('20-32964233-0');
    expect(formatCuit('abc')).toBe('abc');
  });
});

describe('alias', () => {
  it('derives a valid alias from a company name', () => {
    expect(deriveAlias('Panadería Ñandú S.A.')).toBe('panaderianandu');
    expect(deriveAlias('La Estrella del Sur S.R.L.', '2024')).toBe('estrellasur2024');
    expect(deriveAlias('S.A.')).toBe('sa');
    expect(deriveAlias('***')).toBe('empresa');
    const long = deriveAlias(
      'Compañía Argentina de Servicios Informáticos y Telecomunicaciones Integrales',
      'x1',
    );
    expect(long.length).toBeLessThanOrEqual(32);
    expect(long.endsWith('x1')).toBe(true);
    for (const name of ['Ácido Ñoño', 'José & Hijos', '   ', '12 de Octubre'])
      expect(validateAlias(deriveAlias(name)).ok).toBe(true);
  });

  it('validates what a user types', () => {
    expect(validateAlias(' miempresa ')).toEqual({ ok: true, alias: 'miempresa' });
    expect(validateAlias('')).toEqual({ ok: false, problem: 'alias_empty' });
    expect(validateAlias('mi empresa')).toEqual({ ok: false, problem: 'alias_characters' });
    expect(validateAlias('panadería')).toEqual({ ok: false, problem: 'alias_characters' });
    expect(validateAlias('a'.repeat(33))).toEqual({ ok: false, problem: 'alias_too_long' });
  });
});
