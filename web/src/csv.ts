// RFC 4180 CSV: quoted fields with doubled quotes, separators and line breaks inside quotes, CRLF or LF.
// Small enough to keep here rather than ship a parser library to every dashboard visitor.

export type Separator = ',' | ';' | '\t'

/**
 * The separator of the header line: the one of `,` `;` and tab found most often outside quotes
 * (spreadsheets in many locales save `;`, and copies from them are tab-separated).
 */
export function sniffSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && char in counts) counts[char as Separator]++
  }
  const best = (Object.keys(counts) as Separator[]).sort((a, b) => counts[b] - counts[a])[0] as Separator
  return counts[best] > 0 ? best : ','
}

export function parseCsv(text: string, separator: Separator = ','): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  for (let i = 0; i < input.length; i++) {
    const char = input[i]
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === separator) {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}
