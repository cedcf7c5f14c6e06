// The types of build-server.mjs, for the TypeScript that starts the built server (bench, e2e).
export declare const serverBundle: string;
export declare const serverNodeOptions: string[];
export declare const serverCommand: string[];
export declare function buildServer(): Promise<void>;
