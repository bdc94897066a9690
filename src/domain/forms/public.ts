import { nowMicros } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { type Acceptance, publicAcceptance } from '../../shared/forms/settings.js'
import { type FormView, formView } from './forms.js'

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
 * How long a form's version and response count, once read, answer for it. An edit, a deletion or
 * a submission made through this process forgets them at once (`forget`); one made by another
 * process shows within this time. Submissions never rely on it: they check the form again, in
 * the transaction that stores them. Read per visit instead, the query was a large share of the
 * hosted page's cost (docs/performance.md).
 */
export const PUBLIC_FORM_FRESH_MS = 100

type Head = { updated_at: number; last_seq: number }

/**
 * findPublicForm for the hot page path: one small prepared query for the form's version and
 * count, at most every PUBLIC_FORM_FRESH_MS, and the parsed definition kept per version
 * (updated_at changes with every edit, on any process), so a busy form is not re-read and
 * re-parsed per visitor. One per context, never shared between contexts.
 */
export class PublicFormReader {
  private readonly views = new Map<string, { updatedAt: number; form: FormView; workspaceId: string }>()
  private readonly heads = new Map<string, { readAt: number; head: Head | undefined }>()

  constructor(private readonly database: Database) {}

  /** This process changed the form or its responses: the next visit reads it again. */
  forget(formId: string): void {
    this.heads.delete(formId)
  }

  private async freshHead(formId: string): Promise<Head | undefined> {
    const now = performance.now()
    const known = this.heads.get(formId)
    if (known && now - known.readAt < PUBLIC_FORM_FRESH_MS) return known.head
    const head = await this.head(formId)
    if (!known && this.heads.size >= FORM_CACHE_MAX)
      this.heads.delete(this.heads.keys().next().value as string)
    this.heads.set(formId, { readAt: now, head })
    return head
  }

  private async head(formId: string): Promise<Head | undefined> {
    // Read on every visit, prepared once (database.reads).
    const text = await this.database.reads.formHead(formId)
    if (text === undefined) return undefined
    const [updatedAt, lastSeq] = text.split(':')
    return { updated_at: Number(updatedAt), last_seq: Number(lastSeq) }
  }

  async find(formId: string): Promise<PublicForm | undefined> {
    const head = await this.freshHead(formId)
    if (!head) return undefined
    let cached = this.views.get(formId)
    if (!cached || cached.updatedAt !== Number(head.updated_at)) {
      const found = await findPublicForm(this.database.db, formId)
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
