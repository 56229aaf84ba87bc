import type { StepContext, StepOutcome } from '@/lib/transform';

/** The knock-out a gov-ar step gives when the workspace has not connected the Argentina app. */
export async function requireGovAr(ctx: StepContext): Promise<StepOutcome | undefined> {
  if (await ctx.appConnected('gov-ar')) return undefined;
  return {
    status: 'KO',
    provider: 'gov-ar',
    code: 'app_not_connected',
    message:
      'The Argentina app (gov-ar) is not connected to this workspace. Connect it (console: Configuration > Apps), then run the workflow again.',
  };
}
