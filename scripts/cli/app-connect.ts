import { runCommand } from './run-command';

// npm run app:connect -- … (options and what it prints: lib/admin/commands.ts)
await runCommand('app:connect');
