import type { LogLevel } from '@/contract/config';
import { createLogger, type Logger } from '@/backend/kernel/log';

export interface LogEntry {
  level: string;
  time: string;
  msg: string;
  area?: string;
  requestId?: string;
  [field: string]: unknown;
}

export interface CapturedLog {
  log: Logger;
  /** The raw JSON lines, as they would reach stdout. */
  lines: string[];
  /** Each line's msg, kept as the lines come (a live array). */
  msgs: string[];
  entries: () => LogEntry[];
  messages: () => string[];
  /**
   * The lines without their timestamps and with every UUID blanked, for asserting that no secret
   * digits appear: a millisecond field or a random request id can hold any short digit run.
   */
  scannable: () => string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A real logger (masking and all) whose lines are kept instead of written. */
export function captureLog(level: LogLevel = 'trace'): CapturedLog {
  const lines: string[] = [];
  const msgs: string[] = [];
  const log = createLogger({
    level,
    destination: {
      write: (line: string) => {
        lines.push(line);
        msgs.push((JSON.parse(line) as LogEntry).msg);
      },
    },
  });
  const entries = () => lines.map((line) => JSON.parse(line) as LogEntry);
  const scannable = () =>
    entries()
      .map((entry) => JSON.stringify({ ...entry, time: '' }).replace(UUID, '[uuid]'))
      .join('\n');
  return { log, lines, msgs, entries, messages: () => [...msgs], scannable };
}
