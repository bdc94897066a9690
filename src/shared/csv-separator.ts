// The separator of a CSV file, told from its header line: the dashboard's upload and the command
// line's `contacts import` read the same files (spreadsheets in many locales save `;`, and copies
// from them are tab-separated), so they tell it the same way.

export type Separator = ',' | ';' | '\t'

/** The one of `,` `;` and tab found most often outside quotes in the first line; `,` when none is. */
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
