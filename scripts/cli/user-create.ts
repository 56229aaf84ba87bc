import { runCommand } from './run-command';

// npm run user:create -- … (options and what it prints: lib/admin/commands.ts)
await runCommand('user:create');
