import { runCommand } from './run-command';

// npm run master-key:reseal -- … (options and what it prints: lib/admin/commands.ts)
await runCommand('master-key:reseal');
