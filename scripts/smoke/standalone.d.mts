export declare const STANDALONE_DIST_DIR: string;
export interface StandaloneServer {
  url: string;
  /** The temporary folder the output was copied to. */
  dir: string;
  stop: () => Promise<void>;
  /** What the server has printed so far. */
  output: () => string;
}
export declare function startStandalone(options: { port: number; dataDir: string; siteUrl?: string; build?: boolean }): Promise<StandaloneServer>;
export declare function selfCheck(server: StandaloneServer): Promise<string[]>;
