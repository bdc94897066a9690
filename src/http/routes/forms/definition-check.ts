import type { ErrorObject } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { type FieldError, validationFailed } from '../../../domain/errors.js'
import { walkCondition } from '../../../shared/flow/conditions.js'
import { CONDITION_DEPTH_MAX } from '../../../shared/flow/types.js'
import type { FormInput } from '../../../shared/forms/definition.js'
import { normaliseDefinition } from '../../../shared/forms/normalise.js'
import { fieldErrorsFromAjv, validatorCompiler } from '../../validation.js'

// A form body is checked in two stages: its schema (shapes, lengths, kinds), then the definition
// rules (each kind's properties, unique ids, calculations, the flow). A body failing the schema is
// still put through the rules, so one answer names every problem: a missing title must not hide an
// out-of-range `steps`. Where both stages speak of one place, the schema's word is kept, except
// where the schema can only say that a condition or action matches none of its forms: there the
// rules say precisely what is wrong. Conditions nested deeper than the rules allow are refused
// before the schema walks them (it would recurse once per level).

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`)
const related = (a: string, b: string) => within(a, b) || within(b, a)

const unionMessages: Record<string, string> = {
  Condition:
    'must be one condition: {question|hidden|variable, op, value?}, {all: [...]}, {any: [...]} or {not: ...}',
  Action: 'must be one action: {show}, {hide}, {require}, {jump_to}, {set_ending} or {calculate}',
}

/**
 * An `anyOf` the value matches no branch of: Ajv reports every branch's complaint. Only the
 * deepest such place is kept, saying what may be there.
 */
function collapseUnions(errors: ErrorObject[]): { errors: FieldError[]; unions: FieldError[] } {
  const unions = errors.filter((error) => error.keyword === 'anyOf')
  const deepest = unions.filter(
    (union) =>
      !unions.some(
        (other) =>
          other.instancePath !== union.instancePath && within(other.instancePath, union.instancePath),
      ),
  )
  const rest = errors.filter(
    (error) =>
      error.keyword !== 'anyOf' && !unions.some((union) => within(error.instancePath, union.instancePath)),
  )
  const unionErrors = deepest.map((union) => {
    const schema = union.parentSchema as { $id?: string; anyOf?: { type?: unknown }[] } | undefined
    const types = schema?.anyOf?.map((branch) => branch.type)
    const message =
      unionMessages[schema?.$id ?? ''] ??
      (types?.every((type) => typeof type === 'string') ? `must be a ${types.join(', a ')}` : undefined) ??
      'matches none of the forms it may take'
    return { path: union.instancePath, message }
  })
  return { errors: fieldErrorsFromAjv(rest), unions: unionErrors }
}

/** The definition inside a body: the body itself, or its `form` for a simulation of an unsaved one. */
const definitionAt = (body: unknown, at: string): unknown =>
  at === ''
    ? body
    : typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)['form']
      : undefined

/** Conditions nested too deep, found without descending past the bound. */
function tooDeep(definition: unknown, at: string): FieldError[] {
  const logic =
    typeof definition === 'object' && definition !== null
      ? (definition as { logic?: unknown }).logic
      : undefined
  if (!Array.isArray(logic)) return []
  const errors: FieldError[] = []
  logic.forEach((rule, index) => {
    if (typeof rule !== 'object' || rule === null) return
    walkCondition(
      (rule as { if?: unknown }).if,
      `${at}/logic/${index}/if`,
      () => {},
      (path) =>
        errors.push({
          path,
          message: `is nested too deep: a condition is at most ${CONDITION_DEPTH_MAX} levels deep`,
        }),
    )
  })
  return errors
}

/** The rules stage's errors of a definition, with pointers into the body. */
function definitionErrors(definition: unknown, at: string): FieldError[] {
  if (
    typeof definition !== 'object' ||
    definition === null ||
    !Array.isArray((definition as FormInput).questions)
  )
    return []
  const questions = (definition as FormInput).questions
  if (!questions.every((question) => typeof question === 'object' && question !== null)) return []
  try {
    return normaliseDefinition(definition as FormInput).errors.map((error) => ({
      ...error,
      path: `${at}${error.path}`,
    }))
  } catch {
    // A shape the rules cannot walk: the schema's errors already say what is wrong with it.
    return []
  }
}

/** Both stages' errors, merged as the comment at the top says. */
function mergedErrors(body: unknown, ajvErrors: ErrorObject[], at: string): FieldError[] {
  const { errors: schemaErrors, unions } = collapseUnions(ajvErrors)
  const rules = definitionErrors(definitionAt(body, at), at)
  const keptUnions = unions.filter((union) => !rules.some((error) => within(error.path, union.path)))
  const said = [...schemaErrors, ...keptUnions]
  return [...said, ...rules.filter((error) => !said.some((known) => related(error.path, known.path)))]
}

/** The validator of a body holding a definition at `at` ('' for the body itself, '/form' in a simulation). */
export function definitionValidatorCompiler(at: '' | '/form'): FastifySchemaCompiler<unknown> {
  return (route) => {
    const check = validatorCompiler(route) as ((body: unknown) => boolean) & { errors?: ErrorObject[] | null }
    if (route.httpPart !== 'body') return check
    return (body: unknown) => {
      const deep = tooDeep(definitionAt(body, at), at)
      if (deep.length > 0) return { error: validationFailed(deep) }
      if (check(body)) return { value: body }
      return { error: validationFailed(mergedErrors(body, check.errors ?? [], at)) }
    }
  }
}

export const formBodyValidatorCompiler = definitionValidatorCompiler('')
