export declare const TS_NODE_ARGS: readonly string[];
export declare const APP_NODE_ARGS: readonly string[];
