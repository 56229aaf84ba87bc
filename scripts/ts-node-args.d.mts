export declare const TS_NODE_ARGS: readonly string[];
