// Lets plain Node (server.ts, CLI commands, bench) load modules marked `import 'server-only'`.
// Next resolves that package with its react-server condition; outside Next it would throw.
import { register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
