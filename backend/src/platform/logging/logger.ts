import pino, { type Logger as PinoLogger } from 'pino';

/** Structured logger (pino). Child loggers carry the component and, on requests, the request id. */
export type Logger = PinoLogger;

export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { app: 'deenconnect', ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never log credentials even when a request or config object is logged whole.
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.newPassword'], remove: true },
  });
}

/** A logger that drops everything (tests, benchmarks). */
export const silentLogger: Logger = pino({ level: 'silent' });
