import 'server-only';
import type { Db } from '@/lib/db';
import { readDemoCredentials, writeDemoCredentials } from './demo-credentials';
import { ensureDemoConsoleUser } from './ensure-demo-operator';
import { ensureDemo, waitForDemoLink, type DemoInfo } from './ensure-demo';

interface PreparedDemo extends DemoInfo {
  link?: string;
  operator: { email: string; password: string };
}

/** The embedded demo as the console shows it at start: made once, with the same API key and console password at every start. */
export async function prepareDemo(db: Db): Promise<PreparedDemo> {
  const known = readDemoCredentials();
  const demo = await ensureDemo(db, known.apiKey);
  const operator = await ensureDemoConsoleUser(db, demo.workspaceId, known.consolePassword);
  if (demo.apiKey !== known.apiKey || operator.password !== known.consolePassword)
    writeDemoCredentials({ apiKey: demo.apiKey, consolePassword: operator.password });
  return { ...demo, link: await waitForDemoLink(db, demo), operator };
}
