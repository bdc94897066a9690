import { fileIdPattern } from '../forms/files.js'
import type { Question } from '../forms/kinds.js'
import type { Translate } from '../i18n/locales.js'
import { usePageLanguage } from './layout.js'

// A file_upload question's control (docs/api.md#file-uploads): a native file input, which the page
// posts as multipart/form-data, with JavaScript on or off. A file the server already took (a page
// refused for another answer, a page of a draft) stays, named by its id in a hidden field before
// the input: a file picked now comes after it and replaces it.

const MEGABYTE = 1024 * 1024

/** "Up to 5 MB", when the question sets its own limit. */
export function fileHint(question: Question, t: Translate): string | undefined {
  const max = question.properties['max_size']
  if (typeof max !== 'number') return undefined
  return t('hint.fileSize', { size: Math.round((max / MEGABYTE) * 10) / 10 })
}

/** The `accept` list the browser's picker offers: the question's types. */
const acceptOf = (question: Question): string | undefined => {
  const types = question.properties['types']
  return Array.isArray(types) && types.length > 0 ? types.join(',') : undefined
}

export function FileControl(props: {
  question: Question
  id: string
  values: string[]
  error: string | undefined
  describedBy: string | undefined
}) {
  const { question, id, values, error } = props
  const { t } = usePageLanguage().words
  const kept = values.findLast((value) => fileIdPattern.test(value))
  const keptId = kept ? `${id}-kept` : undefined
  return (
    <>
      {kept && (
        <p class="file-kept" id={keptId}>
          <input type="hidden" name={question.id} value={kept} />
          {t('question.fileKept')}
        </p>
      )}
      <input
        type="file"
        id={id}
        name={question.id}
        accept={acceptOf(question)}
        required={question.required && !kept}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={[props.describedBy, keptId].filter(Boolean).join(' ') || undefined}
        data-max-size={
          typeof question.properties['max_size'] === 'number' ? question.properties['max_size'] : undefined
        }
      />
    </>
  )
}
