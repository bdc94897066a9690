import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { type FieldError, notFound, validationFailed } from '../../../domain/errors.js'
import { type Simulation, simulate } from '../../../shared/flow/simulate.js'
import type { FormDefinition, FormInput } from '../../../shared/forms/definition.js'
import { normaliseDefinition } from '../../../shared/forms/normalise.js'
import { workspaceOf } from '../../auth.js'
import { FormParams } from '../../schemas.js'
import { definitionValidatorCompiler } from './definition-check.js'
import { FormBody, SubmissionBody } from './schemas.js'

// Simulating a path (docs/api.md#simulate): the pages, questions, variables and ending a set of
// answers gives, with nothing stored, for a saved form or for a definition not yet saved.

const Ids = (description: string) => Type.Array(Type.String(), { description })

export const SimulationSchema = Type.Object(
  {
    pages: Ids('Page ids visited, in order.'),
    questions: Ids('Question ids on the path (on a visited page and shown), in question order.'),
    missing: Ids(
      'Required question ids on the path (required by the form or by a rule) that are not answered.',
    ),
    not_on_path: Ids('Answered question ids that are not on the path: a submission with them is refused.'),
    variables: Type.Array(Type.Object({ name: Type.String(), value: Type.Number() }), {
      description: 'Each variable as calculated along the path.',
    }),
    ending: Type.Union([Type.String(), Type.Null()], {
      description: 'The ending set last by a rule that holds, or null: the form’s thank-you.',
    }),
  },
  { description: 'The path the answers take. Nothing is stored.' },
)

const DraftSimulationBody = Type.Object(
  {
    form: FormBody,
    answers: SubmissionBody.properties.answers,
    hidden: SubmissionBody.properties.hidden,
  },
  { additionalProperties: false },
)

function simulated(
  definition: FormDefinition,
  body: { answers: Record<string, unknown>; hidden?: Record<string, unknown> },
): Simulation {
  const result = simulate(definition, body)
  if (!('simulation' in result)) throw validationFailed(result.errors)
  return result.simulation
}

export async function simulateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['forms']
  const description =
    'Answers are judged as a submission judges them (a value of the wrong type is `400` at its pointer); ' +
    'required answers missing and answers off the path are reported, not refused.'

  app.post(
    '/v1/forms/:form_id/simulate',
    {
      config: { scope: 'forms:read' },
      schema: {
        tags,
        operationId: 'simulateForm',
        summary: 'Simulate the path of a set of answers through a form, storing nothing',
        description,
        params: FormParams,
        body: SubmissionBody,
        response: { 200: SimulationSchema },
      },
    },
    async (request) => {
      const form = await app.ctx.forms.find(workspaceOf(request), request.params.form_id)
      if (!form) throw notFound('form', request.params.form_id)
      return simulated(form, request.body)
    },
  )

  app.post(
    '/v1/forms/simulate',
    {
      config: { scope: 'forms:read' },
      schema: {
        tags,
        operationId: 'simulateDefinition',
        summary: 'Simulate the path of a set of answers through a definition not yet saved',
        description: `${description} A definition that could not be saved is refused with the same \`400\`, its pointers under \`/form\`.`,
        body: DraftSimulationBody,
        response: { 200: SimulationSchema },
      },
      validatorCompiler: definitionValidatorCompiler('/form'),
    },
    async (request) => {
      const { definition, errors } = normaliseDefinition(request.body.form as FormInput)
      if (errors.length > 0)
        throw validationFailed(errors.map((error): FieldError => ({ ...error, path: `/form${error.path}` })))
      return simulated(definition, request.body)
    },
  )
}
