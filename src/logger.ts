import { pino } from 'pino'
import type { Config } from './config.js'

// JSON lines on stdout. Tokens and secrets are never logged: request logs carry no
// headers, and these paths are redacted wherever they appear anyway.
export function createLogger(level: Config['logLevel']) {
  return pino({
    level,
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'headers.authorization',
        'token',
        '*.token',
        'secret',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  })
}
