import type { FieldError } from '../field-error.js'
import { checkFlow } from '../flow/checks.js'
import { httpUrlOf } from '../strings.js'
import { type FormDefinition, type FormInput, normaliseCore } from './definition.js'

// A definition checked whole, as saving it checks it: its questions, hidden fields, variables and
// settings (definition.ts), then its flow (src/shared/flow/checks.ts). Every problem at once.

export function normaliseDefinition(input: FormInput): { definition: FormDefinition; errors: FieldError[] } {
  const { definition, errors } = normaliseCore(input)
  errors.push(...checkFlow(definition))
  if (errors.length > 0) return { definition, errors }
  // Endings' redirects are kept as a browser requests them, as the thank-you's is (settings.ts).
  definition.endings = (definition.endings ?? []).map((ending) =>
    ending.redirect_url === undefined ? ending : { ...ending, redirect_url: httpUrlOf(ending.redirect_url) },
  )
  return { definition, errors }
}
