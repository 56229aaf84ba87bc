export { ensureDemo, waitForDemoLink, DEMO_SUPPLIER } from './ensure-demo';
export type { DemoInfo } from './ensure-demo';
export { ensureDemoConsoleUser } from './ensure-demo-operator';
export { prepareDemo } from './prepare-demo';
export type { PreparedDemo } from './prepare-demo';
