import { nowMicros } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { type FormView, formView } from './forms.js'
import { type Acceptance, publicAcceptance } from './settings.js'

// Forms as respondents reach them: by id alone, without a token, and only once their owner
// has made them public (docs/api.md#respondents).

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

const FORM_CACHE_MAX = 1000

/**
 * findPublicForm for the hot page path: one small query for the form's version and count, and the
 * parsed definition kept per version (updated_at changes with every edit, on any process), so a
 * busy form is not re-read and re-parsed per visitor. One per app, never shared between apps.
 */
export class PublicFormReader {
  private readonly views = new Map<string, { updatedAt: number; form: FormView; workspaceId: string }>()

  constructor(private readonly db: Db) {}

  async find(formId: string): Promise<PublicForm | undefined> {
    const head = await this.db
      .selectFrom('forms')
      .select(['updated_at', 'last_seq'])
      .where('id', '=', formId)
      .executeTakeFirst()
    if (!head) return undefined
    let cached = this.views.get(formId)
    if (!cached || cached.updatedAt !== Number(head.updated_at)) {
      const found = await findPublicForm(this.db, formId)
      if (!found) return undefined
      cached = { updatedAt: Number(head.updated_at), form: found.form, workspaceId: found.workspaceId }
      if (this.views.size >= FORM_CACHE_MAX) this.views.delete(this.views.keys().next().value as string)
      this.views.set(formId, cached)
    }
    const form = { ...cached.form, response_count: Number(head.last_seq) }
    return {
      workspaceId: cached.workspaceId,
      form,
      acceptance: publicAcceptance(form.settings, form.response_count, nowMicros()),
    }
  }
}
