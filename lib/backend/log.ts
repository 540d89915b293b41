import { processLogger, type Logger } from '@/backend';

export type { Logger };

/**
 * The site's log lines go through the built-in backend's logger (backend/kernel/log.ts): one JSON
 * line per event, masked, at LOG_LEVEL, whether or not the built-in backend serves /api.
 * `area` names what wrote the line ('content', 'forms', 'proxy'…).
 */
export function logger(area: string, fields: Record<string, unknown> = {}): Logger {
  return processLogger().child({ area, ...fields });
}

export { silentLogger } from '@/backend';
