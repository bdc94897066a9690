import type { ComponentChildren, InputHTMLAttributes } from 'preact'
import {
  answerType,
  choiceLabels,
  columnLabels,
  type Question,
  rowLabels,
  TEXT_MAX,
} from '../forms/definition.js'
import type { Translate } from '../i18n/locales.js'
import { FileControl } from './file-control.js'
import { usePageLanguage } from './layout.js'
import { hint, scale } from './question-hints.js'

// One question of a hosted form (docs/api.md#hosted-form-pages): native controls only, so it works
// with JavaScript off and with every assistive technology; its error beside its control.

interface ControlProps {
  question: Question
  values: string[]
  error: string | undefined
  /** Ids of the hint and error texts that describe the control. */
  describedBy: string | undefined
}

const controlId = (question: Question) => `q-${question.id}`

const inputTypes: Partial<Record<Question['type'], 'text' | 'email' | 'url' | 'tel' | 'number' | 'date'>> = {
  short_text: 'text',
  email: 'email',
  url: 'url',
  phone_number: 'tel',
  number: 'number',
  date: 'date',
}
const autocomplete: Partial<Record<Question['type'], string>> = {
  email: 'email',
  phone_number: 'tel',
  url: 'url',
}

function RequiredMark(props: { required: boolean }) {
  const { t } = usePageLanguage().words
  return props.required ? <span class="required"> {t('question.required')}</span> : null
}

/** How the page shows a question's label (a choice, row or column): in its language. */
function useShown(question: Question): (label: string) => string {
  const { shown } = usePageLanguage()
  return shown ? (label) => shown(question.id, label) : (label) => label
}

/** A group's title: the question's, marked when required. */
function Legend(props: { question: Question; title: ComponentChildren }) {
  return (
    <legend class="question-title" dir="auto">
      {props.title}
      <RequiredMark required={props.question.required} />
    </legend>
  )
}

function TextControl({ question, values, error, describedBy }: ControlProps) {
  const max = (question.properties['max_length'] as number | undefined) ?? TEXT_MAX
  const common = {
    id: controlId(question),
    name: question.id,
    required: question.required,
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': describedBy,
    dir: 'auto',
  } as const
  if (question.type === 'long_text') {
    return <textarea {...common} maxlength={max} rows={4} value={values[0] ?? ''} />
  }
  const type = inputTypes[question.type] ?? 'text'
  const p = question.properties
  // Preact types each input type apart; the attributes below are valid for all six.
  const attributes = {
    ...common,
    type,
    value: values[0] ?? '',
    maxlength: question.type === 'short_text' ? max : undefined,
    min: type === 'number' ? (p['min'] as number | undefined) : undefined,
    max: type === 'number' ? (p['max'] as number | undefined) : undefined,
    step: type === 'number' ? 1 : undefined,
    inputmode: type === 'number' ? 'numeric' : undefined,
    autocomplete: autocomplete[question.type],
  } as unknown as InputHTMLAttributes
  return <input {...attributes} />
}

/** A group of radios or checkboxes; the first one carries the id the error summary links to. */
function OptionGroup(props: {
  question: Question
  options: { value: string; label: string }[]
  multiple: boolean
  values: string[]
  error: string | undefined
  layout: 'scale' | 'list'
}) {
  const { question, options } = props
  return (
    <div class={props.layout === 'scale' ? 'options scale' : 'options'}>
      {options.map((option, index) => (
        <label class="option" dir="auto">
          <input
            type={props.multiple ? 'checkbox' : 'radio'}
            id={index === 0 ? controlId(question) : undefined}
            name={question.id}
            value={option.value}
            checked={props.values.includes(option.value)}
            required={question.required && !props.multiple ? true : undefined}
            aria-invalid={props.error ? 'true' : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  )
}

/**
 * A matrix: each row a group of radios, one per column, named `<id>.<row index>`; the row's label
 * names the group and each column labels its radio, so every control has its name at any width.
 */
function MatrixRows(props: { question: Question; values: string[]; error: string | undefined }) {
  const { question, values, error } = props
  const shown = useShown(question)
  const columns = columnLabels(question)
  return (
    <div class="matrix">
      {rowLabels(question).map((row, rowIndex) => {
        const name = `${question.id}.${rowIndex}`
        return (
          <fieldset class="matrix-row">
            <legend dir="auto">{shown(row)}</legend>
            <div class="options scale">
              {columns.map((column, index) => (
                <label class="option" dir="auto">
                  <input
                    type="radio"
                    id={rowIndex === 0 && index === 0 ? controlId(question) : undefined}
                    name={name}
                    value={column}
                    checked={values[rowIndex] === column}
                    aria-invalid={error ? 'true' : undefined}
                  />
                  <span>{shown(column)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )
      })}
    </div>
  )
}

/**
 * A ranking without drag and drop: each label with a list of places (`<id>.<label index>`), so a
 * keyboard, a screen reader and a page without JavaScript rank as easily as a pointer.
 */
function RankingPlaces(props: { question: Question; values: string[]; error: string | undefined }) {
  const { question, values, error } = props
  const { t } = usePageLanguage().words
  const shown = useShown(question)
  const labels = choiceLabels(question)
  return (
    <ol class="ranking">
      {labels.map((label, index) => {
        const id = index === 0 ? controlId(question) : `${controlId(question)}-${index}`
        return (
          <li class="ranking-item">
            <label for={id} dir="auto">
              {shown(label)}
            </label>
            <select id={id} name={`${question.id}.${index}`} aria-invalid={error ? 'true' : undefined}>
              <option value="">{t('question.place')}</option>
              {labels.map((_, place) => (
                <option value={String(place + 1)} selected={values[index] === String(place + 1)}>
                  {place + 1}
                </option>
              ))}
            </select>
          </li>
        )
      })}
    </ol>
  )
}

/** A text as written, carrying its recall template (if any) for the page's script to fill again. */
export function recalled(text: string, template: string | undefined) {
  return template === undefined ? text : <span data-recall={template}>{text}</span>
}

export interface QuestionCardProps {
  /** As the page shows it: title and description recalled, `required` as the path has it. */
  question: Question
  /** Its place among the form's questions, on a form of one page. */
  position?: { number: number; count: number }
  values: string[]
  error?: string
  /** Not shown now (a rule hides it); the page's script shows it when a rule does. */
  hidden?: boolean
  /** The title and description as written, when they recall answers. */
  templates?: { title?: string; description?: string }
}

/** The lines of a card around its control: error, description, hint, and what describes the control. */
function cardLines({ question, error, templates }: QuestionCardProps, t: Translate) {
  const id = controlId(question)
  const hintText = hint(question, t)
  const hintId = hintText ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const descriptionId = question.description ? `${id}-description` : undefined
  return {
    ids: { errorId, descriptionId, hintId },
    describedBy: [errorId, descriptionId, hintId].filter(Boolean).join(' ') || undefined,
    errorText: error ? (
      <p class="error-message" id={errorId} dir="auto">
        <span class="visually-hidden">{t('form.errorPrefix')}</span>
        {error}
      </p>
    ) : null,
    descriptionLine: question.description ? (
      <p class="description" id={descriptionId} dir="auto">
        {recalled(question.description, templates?.description)}
      </p>
    ) : null,
    hintLine: hintText ? (
      <p class="hint" id={hintId}>
        {hintText}
      </p>
    ) : null,
  }
}

export function QuestionCard(props: QuestionCardProps) {
  const { question, values, error } = props
  const id = controlId(question)
  const { t } = usePageLanguage().words
  const shown = useShown(question)
  const { ids, describedBy, errorText, descriptionLine, hintLine } = cardLines(props, t)
  const { errorId, descriptionId, hintId } = ids
  const position = props.position && (
    <p class="position" aria-hidden="true">
      {props.position.number} / {props.position.count}
    </p>
  )
  const card = {
    class: error ? 'card question invalid' : 'card question',
    hidden: props.hidden,
    'data-question': question.id,
  }
  const title = recalled(question.title, props.templates?.title)
  const kind = question.type

  if (
    kind === 'short_text' ||
    kind === 'long_text' ||
    inputTypes[kind] ||
    kind === 'dropdown' ||
    kind === 'file_upload'
  ) {
    return (
      <div {...card}>
        {position}
        <label class="question-title" for={id} dir="auto">
          {title}
          <RequiredMark required={question.required} />
        </label>
        {descriptionLine}
        {hintLine}
        {errorText}
        {kind === 'dropdown' ? (
          <select
            id={id}
            name={question.id}
            required={question.required}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={describedBy}
          >
            <option value="">{t('question.choose')}</option>
            {choiceLabels(question).map((label) => (
              <option value={label} selected={values.includes(label)}>
                {shown(label)}
              </option>
            ))}
          </select>
        ) : kind === 'file_upload' ? (
          <FileControl question={question} id={id} values={values} error={error} describedBy={describedBy} />
        ) : (
          <TextControl question={question} values={values} error={error} describedBy={describedBy} />
        )}
      </div>
    )
  }

  if (kind === 'matrix' || kind === 'ranking') {
    const Parts = kind === 'matrix' ? MatrixRows : RankingPlaces
    return (
      <fieldset {...card} aria-describedby={describedBy}>
        {position}
        <Legend question={question} title={title} />
        {descriptionLine}
        {hintLine}
        {errorText}
        <Parts question={question} values={values} error={error} />
      </fieldset>
    )
  }

  let options: { value: string; label: string }[]
  let ends: { low: string; high: string; min: number; max: number } | undefined
  if (kind === 'consent') {
    options = [{ value: 'true', label: t('question.accept') }]
  } else if (kind === 'yes_no') {
    options = [
      { value: 'true', label: t('question.yes') },
      { value: 'false', label: t('question.no') },
    ]
  } else if (kind === 'multiple_choice') {
    options = choiceLabels(question).map((label) => ({ value: label, label: shown(label) }))
  } else {
    ends = scale(question, t)
    options = []
    for (let n = ends.min; n <= ends.max; n++) options.push({ value: String(n), label: String(n) })
  }
  const endsId = ends ? `${id}-ends` : undefined
  return (
    <fieldset
      {...card}
      aria-describedby={[errorId, descriptionId, hintId, endsId].filter(Boolean).join(' ') || undefined}
    >
      {position}
      <Legend question={question} title={title} />
      {descriptionLine}
      {hintLine}
      {errorText}
      <OptionGroup
        question={question}
        options={options}
        multiple={kind === 'consent' || answerType(question) === 'choices'}
        values={values}
        error={error}
        layout={ends ? 'scale' : 'list'}
      />
      {ends && (
        <p class="scale-ends" id={endsId}>
          <span>{t('question.scaleEnd', { value: ends.min, meaning: ends.low })}</span>
          <span>{t('question.scaleEnd', { value: ends.max, meaning: ends.high })}</span>
        </p>
      )}
    </fieldset>
  )
}
