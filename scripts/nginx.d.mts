export const LOCATIONS_FILE: string;
export const NGINX_MISSING: string;
export function findNginx(): string | undefined;
export interface NginxUpstreams {
  /** One app server on 127.0.0.1, or */
  upstreamPort?: number;
  /** several: one `server` line each in the upstream block (nginx's round robin). */
  upstreamPorts?: number[];
}
export function nginxConf(options: { dir: string; port: number; workers?: number | 'auto'; accessLog?: boolean } & NginxUpstreams): string;
export interface RunningNginx {
  url: string;
  dir: string;
  errorLog: string;
  accessLog: string;
  readErrorLog(): string;
  stop(): Promise<void>;
}
export function startNginx(options: { port: number; workers?: number | 'auto'; accessLog?: boolean } & NginxUpstreams): Promise<RunningNginx>;
