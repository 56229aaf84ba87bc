import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

// The live done page is served before ARCA is asked (the readiness check runs on demand): what it
// always shows must not promise invoicing, which only a usable point of sale makes true.
describe('the live done page promises invoicing only after the readiness check finds a point of sale', () => {
  it('says «Ya podés facturar» only in the readiness result for a usable point of sale', () => {
    for (const text of [es.wizard.done.titleLive, es.wizard.done.bodyLive])
      expect(text).not.toMatch(/ya podés (facturar|emitir)/i);
    for (const text of [en.wizard.done.titleLive, en.wizard.done.bodyLive])
      expect(text).not.toMatch(/you can (now )?(invoice|issue)/i);
    expect(es.wizard.readiness.canInvoice).toMatch(/Ya podés facturar/);
    expect(en.wizard.readiness.canInvoice).toMatch(/You can invoice now/);
    expect(es.wizard.readiness.noneReady).not.toMatch(/ya podés facturar/i);
  });
});
