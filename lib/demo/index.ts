export { ensureDemo, waitForDemoLink, DEMO_SUPPLIER } from './ensure-demo';
export type { DemoInfo } from './ensure-demo';
export { ensureDemoConsoleUser } from './ensure-demo-operator';
