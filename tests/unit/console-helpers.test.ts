import { describe, expect, it } from 'vitest';
import { formValues } from '@/components/console/action-result';
import { partyOf } from '@/components/console/party';
import { providerKey } from '@/components/console/provider-key';
import es from '@/messages/es.json';

describe('console helpers', () => {
  it('returns the submitted text fields to feed back as defaultValue', () => {
    const data = new FormData();
    data.set('name', 'ACME');
    expect(formValues(data, ['name', 'cuit'] as const)).toEqual({ name: 'ACME', cuit: '' });
  });

  it('reads name and CUIT from a party or from an envelope around it', () => {
    expect(partyOf({ name: 'A', tax_id: { country: 'AR', code: '30712345671' } })).toEqual({ name: 'A', cuit: '30712345671' });
    expect(partyOf({ $schema: 'https://gobl.org/draft-0/envelope', doc: { name: 'B', tax_id: { code: '20329642330' } } })).toEqual({ name: 'B', cuit: '20329642330' });
    expect(partyOf({})).toEqual({ name: '', cuit: '' });
  });

  it('has a message for every step provider', () => {
    for (const provider of ['silo.state', 'gov-ar.register', 'webhook', 'gov-ar.wait.authorization']) {
      expect(es.console.workflows.providers).toHaveProperty(providerKey(provider));
    }
  });
});
