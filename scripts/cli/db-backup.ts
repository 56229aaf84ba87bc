import { runCommand } from './run-command';

// npm run db:backup -- <file> (lib/admin/commands.ts; restore with npm run db:restore)
await runCommand('db:backup');
