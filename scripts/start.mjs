// `npm start`: build when the sources changed since the last build, then serve in production mode,
// in this same process so SIGTERM reaches server.ts's graceful shutdown directly.
import { buildIfChanged } from './build-if-changed.mjs';

try {
  buildIfChanged();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

process.env.NODE_ENV = 'production';
const { register } = await import('tsx/esm/api');
register();
await import('./server-only.mjs');
await import('../server.ts');
