import { Zip, ZipDeflate } from 'fflate'
import type { ResponseItem } from '../../shared/forms/answers.js'

// The XLSX export: one worksheet, written row by row into a zip that fflate deflates as the rows
// come (synchronously: each row's compressed bytes are returned at once), so the export's writer
// (src/http/listings.ts) paces it with the socket like any other export, and memory holds only the
// deflater's window, however many rows. exceljs' streaming writer was weighed and not used: its
// buffers take every row written without waiting for the socket, so a slow client made it grow.

/** How a column's text is written: as text, a number, a date (`YYYY-MM-DD`) or a timestamp (UTC). */
export type CellKind = 'text' | 'number' | 'date' | 'timestamp'

export interface SheetColumn {
  header: string
  kind: CellKind
  value(item: ResponseItem): string
}

/** Excel's limit on one cell's characters; longer texts are cut there, ending with an ellipsis. */
export const CELL_MAX_CHARS = 32_767

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships'
const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

const contentTypes = `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`

const rootRelationships = `${xmlHead}<Relationships xmlns="${packageRelationships}">\
<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`

const workbook = `${xmlHead}<workbook xmlns="${main}" xmlns:r="${relationships}">\
<sheets><sheet name="Responses" sheetId="1" r:id="rId1"/></sheets></workbook>`

const workbookRelationships = `${xmlHead}<Relationships xmlns="${packageRelationships}">\
<Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${relationships}/styles" Target="styles.xml"/></Relationships>`

// Cell styles by index: 0 plain, 1 bold (the header), 2 a timestamp, 3 a date.
const STYLE = { header: 1, timestamp: 2, date: 3 } as const
const styles = `${xmlHead}<styleSheet xmlns="${main}">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`

/** A column's letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let letters = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return letters
}

// Characters XML 1.0 cannot hold (controls but tab and line breaks, lone surrogates, U+FFFE/FFFF).
const notXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text as an inline string: XML-safe, escaped, and at most CELL_MAX_CHARS long. */
function textCell(ref: string, text: string, style = 0): string {
  let safe = text.replace(notXml, '\uFFFD')
  if (safe.length > CELL_MAX_CHARS) {
    let cut = CELL_MAX_CHARS - 1
    // Not between the two halves of a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(safe.charAt(cut - 1))) cut -= 1
    safe = `${safe.slice(0, cut)}…`
  }
  const escaped = safe.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
  const s = style === 0 ? '' : ` s="${style}"`
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escaped}</t></is></c>`
}

const DAY_MS = 86_400_000
/** Excel's serial day number of 1970-01-01 (in the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569

/** A cell by its column's kind; a value that does not read as that kind is written as text. */
function cell(ref: string, kind: CellKind, text: string): string {
  if (kind === 'number') {
    const number = Number(text)
    // Only when the number says exactly what the text does (a 20-digit answer stays text).
    if (Number.isFinite(number) && String(number) === text) return `<c r="${ref}"><v>${text}</v></c>`
  } else if (kind === 'timestamp' || kind === 'date') {
    const ms = kind === 'date' ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text)
    if (Number.isFinite(ms)) {
      const style = kind === 'date' ? STYLE.date : STYLE.timestamp
      return `<c r="${ref}" s="${style}"><v>${ms / DAY_MS + UNIX_EPOCH_SERIAL}</v></c>`
    }
  }
  return textCell(ref, text)
}

/**
 * A workbook written as it goes: `start` returns the bytes of the parts before the rows and the
 * header row, `row` each row's, `end` the rest. Each returns the zip's bytes produced meanwhile
 * (none while the deflater is still filling a block).
 */
export class SheetWriter {
  private readonly output: Buffer[] = []
  private readonly zip = new Zip((error, chunk) => {
    if (error) throw error
    this.output.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
  })
  private readonly sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
  private readonly letters: string[]
  private rows = 0

  constructor(private readonly columns: SheetColumn[]) {
    this.letters = columns.map((_, index) => columnLetters(index))
  }

  start(): Buffer[] {
    for (const [name, text] of [
      ['[Content_Types].xml', contentTypes],
      ['_rels/.rels', rootRelationships],
      ['xl/workbook.xml', workbook],
      ['xl/_rels/workbook.xml.rels', workbookRelationships],
      ['xl/styles.xml', styles],
    ] as const) {
      const file = new ZipDeflate(name, { level: 6 })
      this.zip.add(file)
      file.push(Buffer.from(text), true)
    }
    this.zip.add(this.sheet)
    // Ids and timestamps narrower than the rest; every column wide enough that a date is not ####.
    const widths = this.columns
      .map((column, index) => {
        const width = column.kind === 'timestamp' ? 20 : index === 0 ? 28 : 24
        return `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`
      })
      .join('')
    const frozen =
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
    const cols = this.columns.length > 0 ? `<cols>${widths}</cols>` : ''
    const header = this.columns.map((column, index) =>
      textCell(`${this.letters[index]}1`, column.header, STYLE.header),
    )
    this.rows = 1
    return this.push(
      `${xmlHead}<worksheet xmlns="${main}">${frozen}${cols}<sheetData><row r="1">${header.join('')}</row>`,
    )
  }

  row(item: ResponseItem): Buffer[] {
    const r = ++this.rows
    const cells = this.columns.map((column, index) => {
      const text = column.value(item)
      return text === '' ? '' : cell(`${this.letters[index]}${r}`, column.kind, text)
    })
    return this.push(`<row r="${r}">${cells.join('')}</row>`)
  }

  end(): Buffer[] {
    this.sheet.push(Buffer.from('</sheetData></worksheet>'), true)
    this.zip.end()
    return this.take()
  }

  private push(xml: string): Buffer[] {
    this.sheet.push(Buffer.from(xml))
    return this.take()
  }

  private take(): Buffer[] {
    return this.output.splice(0)
  }
}
