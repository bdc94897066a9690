import { useState } from 'preact/hooks'
import { FILE_SIZE_CEILING, typesProblem } from '../../../src/shared/forms/files'
import { type DraftQuestion, fieldId } from './draft'
import { Field } from './field'

// A file_upload question's limits (docs/api.md#file-uploads): the largest file, written in MB as
// the hosted page's hint says it (1 MB = 1,048,576 bytes) and kept in bytes; and the media types it
// accepts, ticked from common families or written out. The shared rules (kinds.ts) check both as
// the server does; the messages here say them in the words of these fields.

const MEGABYTE = 1024 * 1024

interface FilePreset {
  label: string
  types: string[]
}

/** Families of files people commonly ask for, as the server names what it reads in their bytes. */
export const filePresets: FilePreset[] = [
  { label: 'Images', types: ['image/*'] },
  { label: 'PDF', types: ['application/pdf'] },
  {
    label: 'Word and other office documents',
    types: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
      // Older .doc, .xls and .ppt: a file picker knows them by these names, the server's sniffing
      // by their container's (x-cfb), so both are needed for such a file to be picked and kept.
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/x-cfb',
    ],
  },
  { label: 'Plain text and CSV', types: ['text/plain', 'text/csv'] },
]

interface FileProps {
  question: DraftQuestion
  base: string
  messageAt: (path: string) => string | undefined
  setProperty: (name: string, value: unknown) => void
}

/** The largest file and the accepted types of a file_upload question. */
export function FileProperties(props: FileProps) {
  return (
    <>
      <MaxSizeField {...props} />
      <TypesField {...props} />
    </>
  )
}

/** Bytes as MB, to two decimals at most; empty when not a size. */
const megabytes = (bytes: unknown): string =>
  typeof bytes === 'number' && Number.isFinite(bytes)
    ? String(Math.round((bytes / MEGABYTE) * 100) / 100)
    : ''

/** MB written as bytes: undefined when empty, NaN when not a number (the rules then say so). */
function bytesOf(text: string): number | undefined {
  if (text.trim() === '') return undefined
  const value = Number(text)
  return Number.isFinite(value) ? Math.round(value * MEGABYTE) : Number.NaN
}

/**
 * What is wrong with the size, in MB: the shared rules' range (in bytes, up to 2^40) said as this
 * field's; the server's own limit, which only a save finds out, with its bytes written as MB.
 */
function sizeMessage(stored: unknown, message: string | undefined): string | undefined {
  if (message === undefined) return undefined
  const ruleBroken =
    typeof stored !== 'number' || !Number.isInteger(stored) || stored < 1 || stored > FILE_SIZE_CEILING
  if (ruleBroken)
    return `must be a number of MB above 0, at most ${(FILE_SIZE_CEILING / MEGABYTE).toLocaleString('en')}`
  return message.replace(/\b(\d+) bytes\b/, (_, bytes: string) => `${megabytes(Number(bytes))} MB`)
}

/**
 * A field's text as typed ("2." on its way to "2.5", "image/png, " before the next type) while it
 * still says what the draft holds; the draft's own value, written out, once the draft changed
 * otherwise (an undo, an import, a box ticked).
 */
function useTypedText(shown: string, matches: (text: string) => boolean) {
  const [typed, setTyped] = useState<string | undefined>(undefined)
  return [typed !== undefined && matches(typed) ? typed : shown, setTyped] as const
}

function MaxSizeField({ question, base, messageAt, setProperty }: FileProps) {
  const path = `${base}/properties/max_size`
  const stored = question.properties['max_size']
  const [text, setText] = useTypedText(megabytes(stored), (typed) => Object.is(bytesOf(typed), stored))
  return (
    <Field
      path={path}
      label="Largest file (MB)"
      hint="Empty: the largest this server takes, 10 MB unless it is set otherwise."
      message={sizeMessage(stored, messageAt(path))}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={text}
          onInput={(event) => {
            setText(event.currentTarget.value)
            setProperty('max_size', bytesOf(event.currentTarget.value))
          }}
        />
      )}
    </Field>
  )
}

/** The types written in a field: split at commas and spaces, lower-cased (media types ignore case). */
const typesIn = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean)

const sameTypes = (a: string[], b: string[]) => {
  const set = new Set(a)
  return set.size === new Set(b).size && b.every((type) => set.has(type))
}

function TypesField({ question, base, messageAt, setProperty }: FileProps) {
  const path = `${base}/properties/types`
  const stored = question.properties['types']
  const types = Array.isArray(stored) ? stored.map(String) : []
  const ticked = filePresets.filter((preset) => preset.types.every((type) => types.includes(type)))
  const inTicked = new Set(ticked.flatMap((preset) => preset.types))
  const others = types.filter((type) => !inTicked.has(type))
  const [text, setText] = useTypedText(others.join(', '), (typed) =>
    sameTypes([...inTicked, ...typesIn(typed)], types),
  )
  const save = (presets: FilePreset[], written: string[]) => {
    const next = [...new Set([...presets.flatMap((preset) => preset.types), ...written])]
    setProperty('types', next.length > 0 ? next : undefined)
  }
  const wrong = typesIn(text).find((type) => typesProblem([type]) !== undefined)
  // The shared rule names a wrong type by its place in the whole list; this field names it as written.
  const message =
    messageAt(path) &&
    (wrong ? `“${wrong}” is not a media type such as image/png or image/*` : messageAt(path))
  return (
    <fieldset class="file-types">
      <legend>Accepted files</legend>
      <p class="hint file-types-hint">
        What people may send; the server checks each file’s content, not its name. None: any file.
      </p>
      {filePresets.map((preset, at) => {
        const id = fieldId(`${base}/properties/types-preset-${at}`)
        return (
          <div class="field check" key={preset.label}>
            <input
              type="checkbox"
              id={id}
              checked={ticked.includes(preset)}
              onChange={(event) =>
                save(
                  filePresets.filter((each) =>
                    each === preset ? event.currentTarget.checked : ticked.includes(each),
                  ),
                  others,
                )
              }
            />
            <label for={id}>{preset.label}</label>
          </div>
        )
      })}
      <Field
        path={path}
        label="Other media types"
        hint="Separated by commas, e.g. audio/mpeg, video/*."
        message={message}
      >
        {(control) => (
          <input
            {...control}
            value={text}
            spellcheck={false}
            autocapitalize="off"
            onInput={(event) => {
              setText(event.currentTarget.value)
              save(ticked, typesIn(event.currentTarget.value))
            }}
          />
        )}
      </Field>
    </fieldset>
  )
}
