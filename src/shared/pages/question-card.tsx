import type { ComponentChildren, InputHTMLAttributes } from 'preact'
import {
  answerType,
  choiceLabels,
  columnLabels,
  type Question,
  rowLabels,
  TEXT_MAX,
} from '../forms/definition.js'
import { wholeNumberRule } from './answer-messages.js'

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

/** The meaning of a scale's two ends, shown beside its first and last value. */
function scale(question: Question): { min: number; max: number; low: string; high: string } {
  const p = question.properties
  switch (question.type) {
    case 'rating':
      return { min: 1, max: (p['steps'] as number | undefined) ?? 5, low: 'Lowest', high: 'Highest' }
    case 'opinion_scale': {
      const start = (p['start'] as number | undefined) ?? 0
      const steps = (p['steps'] as number | undefined) ?? 11
      return { min: start, max: start + steps - 1, low: 'Lowest', high: 'Highest' }
    }
    case 'nps':
      return { min: 0, max: 10, low: 'Not at all likely', high: 'Extremely likely' }
    default:
      return { min: 1, max: 5, low: 'Very unsatisfied', high: 'Very satisfied' }
  }
}

function hint(question: Question): string | undefined {
  const p = question.properties
  switch (question.type) {
    case 'email':
      return 'An e-mail address, e.g. name@example.com'
    case 'url':
      return 'A web address starting with https:// or http://'
    case 'phone_number':
      return 'In international form with country code, e.g. +4915112345678'
    case 'number': {
      const rule = wholeNumberRule(question)
      return `A${rule.slice(1)}`
    }
    case 'multiple_choice':
      return p['allow_multiple'] === true ? 'Choose all that apply' : undefined
    case 'matrix':
      return 'Choose one answer in each row'
    case 'ranking': {
      const count = choiceLabels(question).length
      return `Give each item its own place, 1 for the first and ${count} for the last`
    }
    default:
      return undefined
  }
}

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
  return props.required ? <span class="required"> (required)</span> : null
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
  const columns = columnLabels(question)
  return (
    <div class="matrix">
      {rowLabels(question).map((row, rowIndex) => {
        const name = `${question.id}.${rowIndex}`
        return (
          <fieldset class="matrix-row">
            <legend dir="auto">{row}</legend>
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
                  <span>{column}</span>
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
  const labels = choiceLabels(question)
  return (
    <ol class="ranking">
      {labels.map((label, index) => {
        const id = index === 0 ? controlId(question) : `${controlId(question)}-${index}`
        return (
          <li class="ranking-item">
            <label for={id} dir="auto">
              {label}
            </label>
            <select id={id} name={`${question.id}.${index}`} aria-invalid={error ? 'true' : undefined}>
              <option value="">Place…</option>
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
function cardLines({ question, error, templates }: QuestionCardProps) {
  const id = controlId(question)
  const hintText = hint(question)
  const hintId = hintText ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const descriptionId = question.description ? `${id}-description` : undefined
  return {
    ids: { errorId, descriptionId, hintId },
    describedBy: [errorId, descriptionId, hintId].filter(Boolean).join(' ') || undefined,
    errorText: error ? (
      <p class="error-message" id={errorId} dir="auto">
        <span class="visually-hidden">Error: </span>
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
  const { ids, describedBy, errorText, descriptionLine, hintLine } = cardLines(props)
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

  if (kind === 'short_text' || kind === 'long_text' || inputTypes[kind] || kind === 'dropdown') {
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
            <option value="">Choose…</option>
            {choiceLabels(question).map((label) => (
              <option value={label} selected={values.includes(label)}>
                {label}
              </option>
            ))}
          </select>
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
    options = [{ value: 'true', label: 'I accept' }]
  } else if (kind === 'yes_no') {
    options = [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ]
  } else if (kind === 'multiple_choice') {
    options = choiceLabels(question).map((label) => ({ value: label, label }))
  } else {
    ends = scale(question)
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
          <span>
            {ends.min}: {ends.low}
          </span>
          <span>
            {ends.max}: {ends.high}
          </span>
        </p>
      )}
    </fieldset>
  )
}
