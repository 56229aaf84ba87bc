import { describe, expect, it } from 'vitest';
import { problemOf } from '@/lib/api/problem';
import { DomainError, ERROR_KINDS, type ErrorKind } from '@/lib/errors';
import { errorState } from '@/components/forms/error-state';
import es from '@/messages/es.json';
import en from '@/messages/en.json';

// Written out here, not read from the mapper: a kind whose status changes has to change this table too.
const EXPECTED: Record<ErrorKind, { status: number; code: string; title: string }> = {
  invalid: { status: 422, code: 'validation', title: 'Validation failed' },
  not_found: { status: 404, code: 'not_found', title: 'Not found' },
  conflict: { status: 409, code: 'conflict', title: 'Conflict' },
  precondition: { status: 422, code: 'validation', title: 'Validation failed' },
  forbidden: { status: 403, code: 'forbidden', title: 'Forbidden' },
  rate_limited: { status: 429, code: 'too_many_requests', title: 'Too many requests' },
  unavailable: { status: 503, code: 'unavailable', title: 'Service unavailable' },
};

const refusal = (
  kind: ErrorKind,
  extra: Partial<ConstructorParameters<typeof DomainError>[0]> = {},
) =>
  new DomainError({
    kind,
    code: `test_${kind}`,
    detail: `A ${kind} refusal for the test.`,
    ...extra,
  });

describe('problemOf (DomainError → problem+json)', () => {
  it('has an expected status for every kind, and nothing else', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ERROR_KINDS].sort());
  });

  it.each(ERROR_KINDS)(
    'maps %s to its status, title and Invopop code, with the detail as detail and message',
    (kind) => {
      const body = problemOf(refusal(kind));
      const { status, code, title } = EXPECTED[kind];
      expect(body).toEqual({
        type: `about:blank#${code}`,
        title,
        status,
        detail: `A ${kind} refusal for the test.`,
        code,
        key: code,
        message: `A ${kind} refusal for the test.`,
      });
    },
  );

  it('nests the fields as Invopop clients read them, and leaves the machine code and message key off the wire', () => {
    const body = problemOf(
      refusal('invalid', {
        fields: { 'data.tax_id.code': 'invalid CUIT', 'data.name': 'required', folder: 'too long' },
      }),
    );
    expect(body.fields).toEqual({
      data: { tax_id: { code: 'invalid CUIT' }, name: 'required' },
      folder: 'too long',
    });
    expect(JSON.stringify(body)).not.toContain('test_invalid');
    expect(JSON.stringify(body)).not.toContain('errors.invalid');
  });

  it('has no fields member when the error has none', () => {
    expect(problemOf(refusal('not_found'))).not.toHaveProperty('fields');
  });
});

describe('errorState (DomainError → ActionState)', () => {
  it.each(ERROR_KINDS)(
    'gives a %s refusal its kind message key, which both languages have',
    (kind) => {
      const state = errorState(refusal(kind), { name: 'typed' });
      expect(state).toEqual({
        status: 'error',
        message: { key: `errors.${kind}` },
        values: { name: 'typed' },
      });
      expect(es.errors[kind]).toBeTruthy();
      expect(en.errors[kind]).toBeTruthy();
    },
  );

  it('carries an explicit message key with its values, and the form’s own code when given', () => {
    const error = refusal('invalid', {
      messageKey: 'console.results.supplierDuplicate',
      values: { cuit: '20-12345678-6', name: 'Acme' },
    });
    expect(errorState(error, { alias: 'x' }, { code: 'invalidFields' })).toEqual({
      status: 'error',
      code: 'invalidFields',
      message: {
        key: 'console.results.supplierDuplicate',
        values: { cuit: '20-12345678-6', name: 'Acme' },
      },
      values: { alias: 'x' },
    });
  });

  it('carries the fields the form has, under the form’s names, first problem per field; drops the rest', () => {
    const error = refusal('invalid', {
      fields: {
        'webhook.url': 'invalid URL',
        'webhook.headers.X-A': 'bad',
        'webhook.headers.X-B': 'worse',
        'webhook.other': 'unknown',
      },
    });
    const fieldOf = (path: string) =>
      path === 'webhook.url'
        ? 'webhook_url'
        : path.startsWith('webhook.headers')
          ? 'webhook_headers'
          : undefined;
    const state = errorState(error, { webhook_url: 'nope' }, { fieldOf });
    expect(state.fields).toEqual({ webhook_url: 'invalid URL', webhook_headers: 'bad' });
  });

  it('has no fields without a fieldOf, even when the error has fields', () => {
    expect(
      errorState(refusal('conflict', { fields: { email: 'already exists' } }), {}),
    ).not.toHaveProperty('fields');
  });
});
