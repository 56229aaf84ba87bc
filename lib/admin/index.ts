export { ADMIN_COMMANDS } from './commands';
export type { AdminCommand, AdminCommandName, CommandValues } from './commands';
export {
  startControlSocket,
  sendToControlSocket,
  controlSocketPath,
  CommandRefused,
} from './control-socket';
