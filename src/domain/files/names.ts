// The name a respondent's device gave a file, made safe to keep and to show: only its last path
// segment, no control characters, no bidirectional overrides (an RTL override makes
// "invoice\u202Efdp.exe" read as "invoiceexe.pdf"), no leading dots, at most NAME_MAX characters
// with its extension kept. The name is only shown and offered as the download's name: the bytes
// are stored under the file's id, never under anything the client chose.

export const NAME_MAX = 255
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb]/g

export function safeFileName(given: string | undefined): string {
  const segments = (given ?? '').normalize('NFC').split(/[/\\]/)
  const last = (segments.at(-1) ?? '').replace(unsafe, '').trim().replace(/^\.+/, '').trim()
  const name = last === '' ? 'file' : last
  if ([...name].length <= NAME_MAX) return name
  const characters = [...name]
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : []
  return characters.slice(0, NAME_MAX - extension.length).join('') + extension.join('')
}

/** `Content-Disposition: attachment` naming the file: ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
