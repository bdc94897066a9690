import { choiceLabels, type Question } from '../forms/definition.js'
import type { Translate } from '../i18n/locales.js'
import { wholeNumberRule } from './answer-messages.js'
import { fileHint } from './file-control.js'

// The words around a question's control on the hosted page: the hint under its title, and the
// meaning of a scale's two ends.

/** The meaning of a scale's two ends, shown beside its first and last value. */
export function scale(
  question: Question,
  t: Translate,
): { min: number; max: number; low: string; high: string } {
  const p = question.properties
  switch (question.type) {
    case 'rating':
      return {
        min: 1,
        max: (p['steps'] as number | undefined) ?? 5,
        low: t('question.lowest'),
        high: t('question.highest'),
      }
    case 'opinion_scale': {
      const start = (p['start'] as number | undefined) ?? 0
      const steps = (p['steps'] as number | undefined) ?? 11
      return { min: start, max: start + steps - 1, low: t('question.lowest'), high: t('question.highest') }
    }
    case 'nps':
      return { min: 0, max: 10, low: t('question.npsLow'), high: t('question.npsHigh') }
    default:
      return { min: 1, max: 5, low: t('question.csatLow'), high: t('question.csatHigh') }
  }
}

export function hint(question: Question, t: Translate): string | undefined {
  const p = question.properties
  switch (question.type) {
    case 'email':
      return t('hint.email')
    case 'url':
      return t('hint.url')
    case 'phone_number':
      return t('hint.phone')
    case 'number':
      return wholeNumberRule(question, t, 'hint')
    case 'multiple_choice':
      return p['allow_multiple'] === true ? t('hint.chooseAll') : undefined
    case 'matrix':
      return t('hint.matrix')
    case 'ranking':
      return t('hint.ranking', { count: choiceLabels(question).length })
    case 'file_upload':
      return fileHint(question, t)
    default:
      return undefined
  }
}
