import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { formValues } from '@/components/forms/action-state';
import { attemptLabel } from '@/components/console/attempt-label';
import { partyOf } from '@/lib/silo';
import { providerKey } from '@/components/console/provider-key';
import { appendEvents } from '@/lib/transform/runner/fold-events';
import { STEP_PROVIDERS, type JobEvent } from '@/lib/transform';
import type { Locale } from '@/lib/i18n';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

describe('console helpers', () => {
  it('returns the submitted text fields to feed back as defaultValue', () => {
    const data = new FormData();
    data.set('name', 'ACME');
    expect(formValues(data, ['name', 'cuit'] as const)).toEqual({ name: 'ACME', cuit: '' });
  });

  it('reads name and CUIT from a party or from an envelope around it', () => {
    expect(partyOf({ name: 'A', tax_id: { country: 'AR', code: '30712345671' } })).toEqual({
      name: 'A',
      cuit: '30712345671',
    });
    expect(
      partyOf({
        $schema: 'https://gobl.org/draft-0/envelope',
        doc: { name: 'B', tax_id: { code: '20329642330' } },
      }),
    ).toEqual({ name: 'B', cuit: '20329642330' });
    expect(partyOf({})).toEqual({ name: '', cuit: '' });
  });

  it('has a message for every step provider', () => {
    for (const provider of STEP_PROVIDERS) {
      expect(es.console.workflows.providers).toHaveProperty(providerKey(provider));
    }
  });

  it('names the range of attempts an event folded from many runs stands for, in both languages', () => {
    let events: JobEvent[] = [];
    for (let attempt = 1; attempt <= 40; attempt++) {
      events = appendEvents(events, [
        { status: 'RUN', at: new Date(attempt * 1000).toISOString() },
        { status: 'ERR', at: new Date(attempt * 1000).toISOString(), attempt, http_status: 503 },
      ]);
    }
    const folded = events.find((event) => event.runs !== undefined)!;
    expect(folded).toMatchObject({ runs: 36, attempt: 37 });
    const label = attemptLabel(folded)!;
    expect(label).toEqual({ key: 'attempts', values: { from: 2, to: 37 } });
    expect(attemptLabel(events.at(-1)!)).toEqual({ key: 'attempt', values: { attempt: 40 } });
    expect(attemptLabel({})).toBeUndefined();
    const say = (messages: typeof es, locale: Locale) =>
      createTranslator({ locale, messages, namespace: 'console.jobs' })(
        'attempts',
        label.key === 'attempts' ? label.values : { from: 0, to: 0 },
      );
    expect(say(es, 'es')).toBe('intentos 2–37');
    expect(say(en, 'en')).toBe('attempts 2–37');
  });

  it('says a refused webhook had an invalid URL (the only permanent refusal left)', () => {
    expect(es.console.jobs.codes.webhook_refused).toBe(
      'El webhook no se entregó: la URL no es válida.',
    );
    expect(en.console.jobs.codes.webhook_refused).toBe(
      'The webhook was not delivered: its URL is not valid.',
    );
  });
});
