export * from './workspaces';
export * from './arca';
export * from './silo';
export * from './transform';
export * from './registration';
export * from './users';
export * from './invoices';
export * from './signing';
