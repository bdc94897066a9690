import { propertiesForKind, type QuestionKind } from '../../../src/shared/forms/definition'
import { type DraftQuestion, kindLabels, labelsOf, startingProperties } from './draft'

// Changing a question's kind keeps what the new kind shares (the server's own rule decides which
// properties those are) and names what it would drop, so the person can say no before it is gone.

/** The question as the new kind, and what it would lose, in words a person reads. */
export function changeKind(question: DraftQuestion, kind: QuestionKind) {
  const { kept, dropped } = propertiesForKind(question.properties, kind)
  return {
    question: { ...question, type: kind, properties: { ...startingProperties(kind), ...kept } },
    losses: dropped.flatMap((name) => lossOf(name, question.properties)),
  }
}

function lossOf(name: string, properties: Record<string, unknown>): string[] {
  const value = properties[name]
  switch (name) {
    case 'choices':
    case 'rows':
    case 'columns':
      return [`its ${name} (${labelsOf(properties, name).join(', ')})`]
    case 'allow_multiple':
      return value === true ? ['“People may pick several”'] : []
    case 'max_length':
      return [`its longest answer (${value} characters)`]
    case 'min':
      return [`its smallest answer (${value})`]
    case 'max':
      return [`its largest answer (${value})`]
    case 'steps':
      return [`its ${value} steps`]
    case 'start':
      return [`its start at ${value}`]
    default:
      return [`its ${name}`]
  }
}

/** Asked in the question's card before a change of kind that would drop something. */
export function KindChangeWarning(props: {
  question: DraftQuestion
  kind: QuestionKind
  onConfirm: () => void
  onCancel: () => void
}) {
  const { losses } = changeKind(props.question, props.kind)
  const to = kindLabels[props.kind]
  return (
    <div class="kind-warning">
      <p role="alert">
        A {to} question has no place for {losses.join(' and ')}: changing the kind drops{' '}
        {losses.length === 1 ? 'it' : 'them'}.
      </p>
      <div class="actions">
        <button type="button" class="danger" onClick={props.onConfirm}>
          Change to {to}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Keep {kindLabels[props.question.type]}
        </button>
      </div>
    </div>
  )
}
