import { createWriteStream } from 'node:fs'
import Sqlite from 'better-sqlite3'

// In-process floors over the rows Canvass wrote: one SELECT streaming every stored item of a
// form (page-walk), and the same loop writing them as JSON lines (export).

/** page-walk floor: one SELECT streaming all rows of the form, newest first; returns seconds. */
export function readAllRows(file: string, formId: string): { seconds: number; rows: number; bytes: number } {
  const db = new Sqlite(file, { readonly: true })
  try {
    const started = performance.now()
    let rows = 0
    let bytes = 0
    const all = db.prepare('select item_json from responses where form_id = ? order by seq desc').pluck()
    for (const item of all.iterate(formId) as Iterable<string>) {
      rows++
      bytes += item.length
    }
    return { seconds: (performance.now() - started) / 1000, rows, bytes }
  } finally {
    db.close()
  }
}

/**
 * export floor: the same rows in export order (by submitted_at), written as JSON lines to
 * /dev/null through a stream that honours backpressure; returns rows per second.
 */
export async function writeJsonLines(
  file: string,
  formId: string,
): Promise<{ seconds: number; rows: number }> {
  const db = new Sqlite(file, { readonly: true })
  const sink = createWriteStream('/dev/null')
  try {
    const started = performance.now()
    let rows = 0
    let chunk: string[] = []
    const all = db
      .prepare('select item_json from responses where form_id = ? order by submitted_at desc')
      .pluck()
    for (const item of all.iterate(formId) as Iterable<string>) {
      rows++
      chunk.push(item)
      if (chunk.length === 1000) {
        if (!sink.write(`${chunk.join('\n')}\n`))
          await new Promise<void>((resolve) => sink.once('drain', () => resolve()))
        chunk = []
      }
    }
    if (chunk.length > 0) sink.write(`${chunk.join('\n')}\n`)
    await new Promise<void>((resolve) => sink.end(() => resolve()))
    return { seconds: (performance.now() - started) / 1000, rows }
  } finally {
    db.close()
  }
}
