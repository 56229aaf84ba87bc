// Stands in for the `server-only` package under vitest (Next resolves it with its react-server condition).
export {};
