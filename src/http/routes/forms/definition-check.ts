import type { FastifySchemaCompiler } from 'fastify'
import { type FieldError, validationFailed } from '../../../domain/errors.js'
import { type FormInput, normaliseDefinition } from '../../../shared/forms/definition.js'
import { fieldErrorsFromAjv, validatorCompiler } from '../../validation.js'

// A form body is checked in two stages: its schema (shapes, lengths, kinds), then the definition
// rules (each kind's properties, unique ids, calculations). A body failing the schema is still
// put through the rules, so one answer names every problem: a missing title must not hide an
// out-of-range `steps`. Where both stages speak of one place, the schema's word is kept.

export const formBodyValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const check = validatorCompiler(route) as ((body: unknown) => boolean) & {
    errors?: Parameters<typeof fieldErrorsFromAjv>[0] | null
  }
  if (route.httpPart !== 'body') return check
  return (body: unknown) => {
    if (check(body)) return { value: body }
    const errors = fieldErrorsFromAjv(check.errors ?? [])
    return { error: validationFailed([...errors, ...definitionErrorsBeside(body, errors)]) }
  }
}

/** The rules stage's errors on a body the schema refused, except at places the schema named. */
function definitionErrorsBeside(body: unknown, schemaErrors: FieldError[]): FieldError[] {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as FormInput).questions)) return []
  const questions = (body as FormInput).questions
  if (!questions.every((question) => typeof question === 'object' && question !== null)) return []
  let found: FieldError[]
  try {
    found = normaliseDefinition(body as FormInput).errors
  } catch {
    // A shape the rules cannot walk: the schema's errors already say what is wrong with it.
    return []
  }
  const related = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`)
  return found.filter((error) => !schemaErrors.some((known) => related(error.path, known.path)))
}
