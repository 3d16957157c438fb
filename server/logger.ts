import pino, { type Logger } from 'pino'

/** JSON logs to stdout. Secrets are redacted even if someone logs a request body or headers by mistake. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['*.password', '*.password_hash', '*.token', '*.access_token', '*.refresh_token', '*.authorization', 'headers.authorization'],
      censor: '[redacted]',
    },
  })
}
