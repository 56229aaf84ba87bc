export { ADMIN_COMMANDS, UsageError } from './commands';
export type { AdminCommandName, CommandValues } from './commands';
export { startControlSocket, sendToControlSocket, controlSocketPath, CommandRefused } from './control-socket';
