import type { Answer } from './answers.js'

// A stored answer as one line of text: in an export's cell (`data`: booleans as `true`/`false`)
// or in a mail a person reads (`words`: Yes/No, a consent Accepted/Not accepted).

export function answerText(answer: Answer, style: 'data' | 'words'): string {
  const value = answer[answer.type]
  switch (answer.type) {
    case 'choice':
      return (value as { label: string }).label
    case 'choices':
      return (value as { labels: string[] }).labels.join(', ')
    case 'boolean':
      if (style === 'data') return String(value)
      if (answer.question.type === 'consent') return value === true ? 'Accepted' : 'Not accepted'
      return value === true ? 'Yes' : 'No'
    case 'matrix':
      return Object.entries(value as Record<string, string>)
        .map(([row, column]) => `${row}: ${column}`)
        .join('; ')
    case 'file': {
      const file = value as { name: string; url: string }
      return style === 'data' ? file.url : file.name
    }
    case 'ranking':
      return (value as string[]).map((label, index) => `${index + 1}. ${label}`).join('; ')
    default:
      return String(value)
  }
}
