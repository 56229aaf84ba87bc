export * from './workspaces';
export * from './arca';
