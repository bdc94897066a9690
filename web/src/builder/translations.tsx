import { useState } from 'preact/hooks'
import type { FormSettings } from '../../../src/shared/forms/settings'
import {
  canonicalTag,
  type Translatable,
  type Translation,
  translatedAt,
  translationSlots,
  withTranslated,
} from '../../../src/shared/forms/translations'
import { parseCsv, sniffSeparator } from '../csv'
import type { Draft } from './draft'
import { Field, type SectionProps } from './field'

// A form's languages (docs/api.md#languages): the list, source first, and a side-by-side view of
// every string a respondent reads with its translation in one language, the missing ones marked;
// a CSV of them (path, source, translation) to hand to a translator and to read back.

/** A language's name in English, for the builder's own words: "German (de)". */
function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag)
    return name && name !== tag ? `${name} (${tag})` : tag
  } catch {
    return tag
  }
}

/** The draft as the translation rules read it. */
const translatable = (draft: Draft): Translatable & { title: string } => ({
  title: draft.title,
  questions: draft.questions,
  pages: draft.flow.pages,
  endings: draft.flow.endings,
  settings: draft.settings as unknown as FormSettings,
})

const csvCell = (text: string) =>
  /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text

function downloadCsv(draft: Draft, language: string): void {
  const translation = draft.translations[language]
  const lines = [['path', 'source', language].join(',')]
  for (const slot of translationSlots(translatable(draft)))
    lines.push([slot.path, slot.source, translatedAt(translation, slot.path) ?? ''].map(csvCell).join(','))
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }))
  link.download = `${(draft.title || 'form').replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}-${language}.csv`
  link.click()
  URL.revokeObjectURL(link.href)
}

/** A translator's CSV read back: its third column by its first; rows of paths the form lacks are counted. */
function readCsv(
  text: string,
  draft: Draft,
  language: string,
): { translation: Translation; skipped: number } {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''), sniffSeparator(text))
  const known = new Set(translationSlots(translatable(draft)).map((slot) => slot.path))
  let translation = draft.translations[language] ?? {}
  let skipped = 0
  for (const [path = '', , translated = ''] of rows.slice(1)) {
    if (path === '') continue
    if (!known.has(path)) skipped++
    else translation = withTranslated(translation, path, translated)
  }
  return { translation, skipped }
}

function LanguageList({ draft, change, messageAt }: SectionProps) {
  const [text, setText] = useState<string | undefined>(undefined)
  const commit = (value: string) => {
    // Tags in their canonical case, each once: `pt-br` is the `pt-BR` already translated.
    const canonical = (tag: string) => canonicalTag(tag) ?? tag
    const languages = [
      ...new Set(
        value
          .split(/[\s,;]+/)
          .filter(Boolean)
          .map(canonical),
      ),
    ]
    // Translations of languages no longer listed would be refused: they go with them.
    const translations = Object.fromEntries(
      Object.entries(draft.translations).filter(([lang]) => languages.slice(1).includes(canonical(lang))),
    )
    change({ ...draft, languages, translations })
    setText(undefined)
  }
  return (
    <Field
      path="/languages"
      label="Languages"
      hint="Language tags, the form’s own language first, e.g. en, de, fr. Respondents get the one their link or browser asks for."
      message={messageAt('/languages')}
    >
      {(control) => (
        <input
          {...control}
          value={text ?? draft.languages.join(', ')}
          onInput={(event) => setText(event.currentTarget.value)}
          onChange={(event) => commit(event.currentTarget.value)}
        />
      )}
    </Field>
  )
}

export function Translations(props: SectionProps) {
  const { draft, change } = props
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const [note, setNote] = useState('')
  const targets = draft.languages.slice(1)
  const language = chosen && targets.includes(chosen) ? chosen : targets[0]
  const slots = translationSlots(translatable(draft))
  const translation = language ? draft.translations[language] : undefined
  const done = slots.filter((slot) => translatedAt(translation, slot.path) !== undefined).length
  const setTranslation = (next: Translation) =>
    language && change({ ...draft, translations: { ...draft.translations, [language]: next } })
  return (
    <fieldset class="builder-section">
      <legend>Languages</legend>
      <LanguageList {...props} />
      {language && (
        <>
          <div class="translation-tools">
            <label>
              Translate into{' '}
              <select value={language} onChange={(event) => setChosen(event.currentTarget.value)}>
                {targets.map((tag) => (
                  <option value={tag}>{languageName(tag)}</option>
                ))}
              </select>
            </label>
            <p class="hint" aria-live="polite">
              {done} of {slots.length} strings translated
              {done < slots.length
                ? `; ${slots.length - done} still show in ${languageName(draft.languages[0] ?? 'en')}`
                : ''}
            </p>
            <button type="button" class="secondary" onClick={() => downloadCsv(draft, language)}>
              Download CSV for translators
            </button>
            <label class="button secondary">
              Upload translated CSV
              <input
                type="file"
                accept=".csv,text/csv"
                class="visually-hidden"
                onChange={async (event) => {
                  const file = event.currentTarget.files?.[0]
                  if (!file) return
                  const { translation: read, skipped } = readCsv(await file.text(), draft, language)
                  setTranslation(read)
                  setNote(
                    `Read ${file.name}${skipped === 1 ? '; 1 row names a string this form no longer has and was left out' : skipped ? `; ${skipped} rows name strings this form no longer has and were left out` : ''}.`,
                  )
                  event.currentTarget.value = ''
                }}
              />
            </label>
            <p class="hint" role="status">
              {note}
            </p>
          </div>
          <table class="translations">
            <caption class="visually-hidden">Translation into {languageName(language)}</caption>
            <thead>
              <tr>
                <th scope="col">{languageName(draft.languages[0] ?? 'en')}</th>
                <th scope="col">{languageName(language)}</th>
              </tr>
            </thead>
            <tbody>
              {slots.map((slot) => {
                const value = translatedAt(translation, slot.path) ?? ''
                return (
                  <tr class={value === '' ? 'gap' : undefined}>
                    <th scope="row" dir="auto">
                      {slot.source}
                    </th>
                    <td>
                      <input
                        dir="auto"
                        lang={language}
                        aria-label={`${languageName(language)}: ${slot.source}`}
                        value={value}
                        placeholder="Not translated yet"
                        onInput={(event) =>
                          setTranslation(withTranslated(translation, slot.path, event.currentTarget.value))
                        }
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </>
      )}
    </fieldset>
  )
}
