export { ensureDemoConsoleUser } from './ensure-demo-operator';
export { prepareDemo } from './prepare-demo';
export { resealDemoCredentials } from './reseal-demo-credentials';
