import type { Database } from '../../db/database.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { notFound, validationFailed } from '../errors.js'
import type { Listing, MemoryBudget, Page } from '../listing.js'
import { type InsightsWindow, readInsights } from './read.js'
import { rebuildFormInsights } from './rebuild.js'
import type { InsightsMemory } from './scan.js'
import {
  type AnswerWindow,
  isTextKind,
  latestTextAnswers,
  type TextAnswer,
  textKinds,
} from './text-answers.js'

// Insights (docs/api.md#insights) as the HTTP layer and the CLI use them, closed over the database.

export function insightsService(database: Database) {
  return {
    /**
     * The insights document; undefined when the form is not in the workspace. Responses counted
     * one by one are read within `memory`, the process's budget for stored data.
     */
    summary: (workspaceId: string, formId: string, window: InsightsWindow, memory: InsightsMemory) =>
      readInsights(database, memory, workspaceId, formId, window),
    /**
     * A page of a text question's answers, newest first; throws not_found for a form not in the
     * workspace or a question not in the form, validation_failed for a question of another kind.
     */
    async textAnswers(
      workspaceId: string,
      formId: string,
      questionId: string,
      window: AnswerWindow,
      page: Page,
      budget: MemoryBudget,
    ): Promise<Listing<TextAnswer>> {
      const form = await database.db
        .selectFrom('forms')
        .select('definition')
        .where('id', '=', formId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      if (!form) throw notFound('form', formId)
      const definition = JSON.parse(form.definition) as FormDefinition
      const question = definition.questions.find((each) => each.id === questionId)
      if (!question) throw notFound('question', questionId)
      if (!isTextKind(question.type)) {
        throw validationFailed([
          {
            path: '/question_id',
            message: `is a ${question.type} question; answers are listed for ${textKinds.join(', ')} questions`,
          },
        ])
      }
      return latestTextAnswers(database.db, budget, formId, questionId, window, page)
    },
    /**
     * Rebuilds the figures of one form (any workspace: an operator's command) or of every form
     * from their responses; returns each form rebuilt with its response count.
     */
    async rebuild(formId?: string): Promise<{ formId: string; responses: number }[]> {
      let query = database.db.selectFrom('forms').select('id').orderBy('created_at')
      if (formId !== undefined) query = query.where('id', '=', formId)
      const forms = await query.execute()
      const rebuilt: { formId: string; responses: number }[] = []
      for (const form of forms) {
        const responses = await database.transaction((trx) => rebuildFormInsights(trx, form.id))
        rebuilt.push({ formId: form.id, responses })
      }
      return rebuilt
    },
    /** Rebuilds the forms a migration marked (those that had responses before figures were kept). */
    async rebuildPending(): Promise<number> {
      const pending = await database.db.selectFrom('insight_rebuilds').select('form_id').execute()
      for (const row of pending) await database.transaction((trx) => rebuildFormInsights(trx, row.form_id))
      return pending.length
    },
  }
}

export type InsightsService = ReturnType<typeof insightsService>
