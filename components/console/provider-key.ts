import type { StepProvider } from '@/lib/transform';

// Message keys cannot hold dots: each provider's key under console.workflows.providers.
const PROVIDER_KEYS = {
  'silo.state': 'siloState',
  'gov-ar.register': 'govArRegister',
  webhook: 'webhook',
  'gov-ar.wait.authorization': 'govArWaitAuthorization',
  'gov-ar.send': 'govArSend',
  // The old name of gov-ar.send, still in workflows stored before the rename: the same label.
  'gov-ar.invoice': 'govArSend',
  pdf: 'pdf',
} as const satisfies Record<StepProvider, string>;

type ProviderKey = (typeof PROVIDER_KEYS)[StepProvider];

export const providerKey = (provider: StepProvider): ProviderKey => PROVIDER_KEYS[provider];

/** True for a provider read back from a stored job that this version knows. */
export const isStepProvider = (provider: string): provider is StepProvider =>
  Object.hasOwn(PROVIDER_KEYS, provider);
