// A PDF render thread's first module, plain JavaScript so the thread starts the same under tsx (dev,
// `npm start`, the CLI), vitest and the bench: tsx loads the TypeScript renderer in this thread only.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-render-thread.ts', import.meta.url);
