import { runCommand } from './run-command';

// npm run workflow:create -- … (options and what it prints: lib/admin/commands.ts)
await runCommand('workflow:create');
