/**
 * A tiny structured logger. Lines are `time level message key=value…`. Values that look like
 * secrets (keys named *secret*, *password*, *token*, *key*, and credentials inside URLs) are
 * redacted, so a config dump or an error never leaks them. IP addresses and user agents are never
 * passed in by callers (privacy rule of SPEC.md "Events").
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Fields attached to a log line. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** The logger every module receives. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /secret|password|passwd|token|api_?key|authorization|cookie/i;

/** Replace `user:pass@` in any URL-looking text with `***@`. */
export function redactUrl(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)([^\s/@]+)@/gi, '$1***@');
}

/** Redact a field value when its key names a secret; strip URL credentials otherwise. */
export function redactField(key: string, value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (SECRET_KEY.test(key)) return '[redacted]';
  return redactUrl(String(value));
}

function format(level: LogLevel, message: string, fields?: LogFields): string {
  const parts = [new Date().toISOString(), level.toUpperCase().padEnd(5), redactUrl(message)];
  if (fields) {
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const text = redactField(key, value);
      parts.push(`${key}=${/\s/.test(text) ? JSON.stringify(text) : text}`);
    }
  }
  return parts.join(' ');
}

/** Create a logger writing to stderr (errors/warnings) and stdout (the rest). */
export function createLogger(minLevel: LogLevel = 'info', sink?: (line: string, level: LogLevel) => void): Logger {
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[level] < ORDER[minLevel]) return;
    const line = format(level, message, fields);
    if (sink) sink(line, level);
    else if (ORDER[level] >= ORDER.warn) process.stderr.write(line + '\n');
    else process.stdout.write(line + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

/** A logger that keeps lines in memory (tests assert on it). */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger('debug', (line) => lines.push(line));
  return Object.assign(logger, { lines });
}
