import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { flowPath } from '../../src/shared/flow/path.js'
import { simulate } from '../../src/shared/flow/simulate.js'
import { buildResponseItem } from '../../src/shared/forms/answers.js'
import type { FormInput } from '../../src/shared/forms/definition.js'
import { normaliseDefinition } from '../../src/shared/forms/normalise.js'
import { answers, definition } from './arbitraries.js'

// Random definitions and answers (fast-check): the checks never throw, whatever the shape; a
// definition they accept gives, for any answers, a path that only goes forward and is consistent
// (what is on it, missing from it and off it), and every page of it is reached by some path.

describe('random definitions', () => {
  it('accepted ones give paths that only go forward and agree with themselves', () => {
    let accepted = 0
    fc.assert(
      fc.property(definition, fc.array(answers, { minLength: 1, maxLength: 4 }), (input, answerSets) => {
        const { definition: saved, errors } = normaliseDefinition(input as unknown as FormInput)
        if (errors.length > 0) return
        accepted++
        const order = new Map(saved.pages?.map((page, index) => [page.id, index]))
        for (const given of answerSets) {
          const path = flowPath(saved, given, { src: 'a' })
          const indices = path.pages.map((id) => order.get(id) as number)
          expect(indices[0]).toBe(0)
          for (let at = 1; at < indices.length; at++)
            expect(indices[at]).toBeGreaterThan(indices[at - 1] as number)
          const visited = new Set(
            path.pages.flatMap((id) => saved.pages?.[order.get(id) as number]?.questions ?? []),
          )
          for (const id of path.questions) expect(visited.has(id)).toBe(true)
          for (const id of path.missing) expect(path.questions).toContain(id)
          for (const id of path.not_on_path) expect(path.questions).not.toContain(id)
          for (const { value } of path.variables) expect(Number.isFinite(value)).toBe(true)
          expect(flowPath(saved, given, { src: 'a' })).toEqual(path)
        }
      }),
      { numRuns: 400 },
    )
    // The generator is not so hostile that nothing is accepted.
    expect(accepted).toBeGreaterThan(20)
  })

  it("a submission's verdict is what simulate says of the same answers", () => {
    let judged = 0
    fc.assert(
      fc.property(definition, answers, (input, given) => {
        const { definition: saved, errors } = normaliseDefinition(input as unknown as FormInput)
        if (errors.length > 0) return
        const submission = { answers: given, hidden: { src: 'a' } }
        const simulated = simulate(saved, submission)
        const built = buildResponseItem(saved, submission, 'rsp_x', '2026-11-26T00:00:00.000000Z')
        const pointed = (code: string) =>
          built.errors
            .filter((error) => error.code === code)
            .map((error) => error.path.slice('/answers/'.length))
        if (!('simulation' in simulated)) {
          // A value of the wrong type: the submission is refused too, at the same pointer.
          for (const error of simulated.errors) expect(built.errors.map((e) => e.path)).toContain(error.path)
          return
        }
        judged++
        const { simulation } = simulated
        expect(pointed('missing')).toEqual(simulation.missing)
        expect(pointed('not_on_path')).toEqual(simulation.not_on_path)
        if (built.errors.length > 0) return
        expect(built.item.answers.map((answer) => answer.question.id)).toEqual(
          simulation.questions.filter((id) => Object.hasOwn(given, id)),
        )
        expect(built.item.variables).toEqual(simulation.variables)
        expect(built.ending).toBe(simulation.ending)
      }),
      // About 4 in 100 random definitions pass the checks: 3,000 runs judge ~120 submissions (600
      // judged 20-29, too close to the bound below).
      { numRuns: 3000 },
    )
    expect(judged).toBeGreaterThan(20)
  })

  it('accepted ones reach every page on some path', () => {
    // Answer sets to try on each accepted definition: many random ones, the same for every run.
    const tries = fc.sample(answers, { numRuns: 600, seed: 10 })
    const hiddens = [{}, { src: 'a' }, { src: 'b' }]
    let accepted = 0
    fc.assert(
      fc.property(definition, (input) => {
        const { definition: saved, errors } = normaliseDefinition(input as unknown as FormInput)
        if (errors.length > 0) return
        accepted++
        const reached = new Set<string>()
        for (const hidden of hiddens)
          for (const given of tries) for (const id of flowPath(saved, given, hidden).pages) reached.add(id)
        expect([...reached].sort()).toEqual((saved.pages ?? []).map((page) => page.id).sort())
      }),
      { numRuns: 600, seed: 28 },
    )
    expect(accepted).toBeGreaterThan(20)
  })

  it('the checks never throw, whatever the shape', () => {
    const anything = fc.anything({ maxDepth: 4 })
    fc.assert(
      fc.property(
        fc.record({
          pages: fc.oneof(anything, fc.array(anything)),
          logic: fc.oneof(anything, fc.array(anything)),
          endings: fc.array(anything),
        }),
        (parts) => {
          const input = { title: 'Hostile', questions: [{ id: 'q0', title: 'Q', type: 'nps' }], ...parts }
          normaliseDefinition(input as unknown as FormInput)
        },
      ),
      { numRuns: 300 },
    )
  })
})
