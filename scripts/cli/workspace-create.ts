import { runCommand } from './run-command';

// npm run workspace:create -- … (options and what it prints: lib/admin/commands.ts)
await runCommand('workspace:create');
