export declare function startLegacySseServer(): Promise<{ base: string; close(): Promise<void> }>;
