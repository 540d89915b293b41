export const LOCATIONS_FILE: string;
export const NGINX_MISSING: string;
export function findNginx(): string | undefined;
export function nginxConf(options: { dir: string; port: number; upstreamPort: number; workers?: number | 'auto'; accessLog?: boolean }): string;
export interface RunningNginx {
  url: string;
  dir: string;
  errorLog: string;
  accessLog: string;
  readErrorLog(): string;
  stop(): Promise<void>;
}
export function startNginx(options: { port: number; upstreamPort: number; workers?: number | 'auto'; accessLog?: boolean }): Promise<RunningNginx>;
