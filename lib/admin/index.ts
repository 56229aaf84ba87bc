export { ADMIN_COMMANDS, isAdminCommand, UsageError } from './commands';
export type { AdminCommandName, CommandValues } from './commands';
export { startControlSocket, sendToControlSocket, controlSocketPath, CommandRefused } from './control-socket';
