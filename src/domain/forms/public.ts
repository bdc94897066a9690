import { nowMicros } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { type FormView, formView } from './forms.js'
import { type Acceptance, publicAcceptance } from './settings.js'

// Forms as respondents reach them: by id alone, without a token, and only once their owner
// has made them public (CONTRACT 7).

export interface PublicForm {
  workspaceId: string
  form: FormView
  acceptance: Acceptance
}

/** The form whatever its workspace, with whether it takes public answers now; undefined if none. */
export async function findPublicForm(db: Db, formId: string): Promise<PublicForm | undefined> {
  const row = await db
    .selectFrom('forms')
    .select(['id', 'workspace_id', 'title', 'definition', 'last_seq', 'created_at', 'updated_at'])
    .where('id', '=', formId)
    .executeTakeFirst()
  if (!row) return undefined
  const form = formView(row)
  return {
    workspaceId: row.workspace_id,
    form,
    acceptance: publicAcceptance(form.settings, form.response_count, nowMicros()),
  }
}

/** What a respondent's own front-end needs to render the form; nothing about its responses. */
export function publicFormView(form: FormView) {
  return {
    id: form.id,
    title: form.title,
    questions: form.questions,
    hidden: form.hidden,
    settings: form.settings,
  }
}
