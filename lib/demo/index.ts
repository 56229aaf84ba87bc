export { ensureDemoConsoleUser } from './ensure-demo-operator';
export { prepareDemo } from './prepare-demo';
