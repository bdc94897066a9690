// Bodies are read as UTF-8 only: JSON (app.ts) and the hosted page's form posts (pages/form-body.ts).

/** The `charset` parameter of a Content-Type, lower-cased and unquoted, if there is one. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '')
  if (!match) return undefined
  return (match[1] ?? match[2] ?? '').toLowerCase()
}

/** Whether a declared charset (or none) is UTF-8, however it is spelled. */
export function isUtf8Charset(charset: string | undefined): boolean {
  return charset === undefined || charset === 'utf-8' || charset === 'utf8'
}
