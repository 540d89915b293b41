export declare const STANDALONE_DIST_DIR: string;
export declare function startStandalone(options: { port: number; dataDir: string; siteUrl: string }): Promise<{ url: string; stop: () => Promise<void> }>;
