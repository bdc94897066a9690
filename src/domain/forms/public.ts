import { LRUCache } from 'lru-cache'
import type { Clock } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import { type Acceptance, publicAcceptance } from '../../shared/forms/settings.js'
import { type FormView, formColumns, formView } from './forms.js'

// Forms as respondents reach them: by id alone, without a token, and only once their owner
// has made them public (docs/api.md#respondents).

export interface PublicForm {
  workspaceId: string
  form: FormView
  acceptance: Acceptance
}

/** The form whatever its workspace, with whether it takes public answers now; undefined if none. */
export async function findPublicForm(db: Db, clock: Clock, formId: string): Promise<PublicForm | undefined> {
  const row = await db
    .selectFrom('forms')
    .select([...formColumns, 'workspace_id'])
    .where('id', '=', formId)
    .executeTakeFirst()
  if (!row) return undefined
  const form = formView(row)
  return {
    workspaceId: row.workspace_id,
    form,
    acceptance: publicAcceptance(form.settings, form.response_count, clock.nowMicros()),
  }
}

/**
 * What a respondent's own front-end needs to render the form; nothing about its responses, nor
 * whom its mail goes to.
 */
export function publicFormView(form: FormView) {
  const { notify: _notify, confirmation: _confirmation, ...settings } = form.settings
  return {
    id: form.id,
    title: form.title,
    questions: form.questions,
    hidden: form.hidden,
    settings,
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
type View = { updatedAt: number; form: FormView; workspaceId: string }

/**
 * findPublicForm for the hot page path: one small prepared query for the form's version and
 * count, at most every PUBLIC_FORM_FRESH_MS, and the parsed definition kept per version
 * (updated_at changes with every edit, on any process), so a busy form is not re-read and
 * re-parsed per visitor. One per context, never shared between contexts.
 */
export class PublicFormReader {
  // At most FORM_CACHE_MAX forms each, the least recently visited going first; a head (undefined
  // for a form that does not exist) answers for PUBLIC_FORM_FRESH_MS after it was read.
  private readonly views = new LRUCache<string, View>({ max: FORM_CACHE_MAX })
  private readonly heads: LRUCache<string, { head: Head | undefined }>

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    this.heads = new LRUCache({
      max: FORM_CACHE_MAX,
      ttl: PUBLIC_FORM_FRESH_MS,
      perf: clock,
      ttlResolution: 0,
    })
  }

  /** This process changed the form or its responses: the next visit reads it again. */
  forget(formId: string): void {
    this.heads.delete(formId)
  }

  private async freshHead(formId: string): Promise<Head | undefined> {
    const known = this.heads.get(formId)
    if (known) return known.head
    const readAt = this.clock.now()
    const head = await this.head(formId)
    this.heads.set(formId, { head }, { start: readAt })
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
      const found = await findPublicForm(this.database.db, this.clock, formId)
      if (!found) return undefined
      cached = { updatedAt: Number(head.updated_at), form: found.form, workspaceId: found.workspaceId }
      this.views.set(formId, cached)
    }
    const form = { ...cached.form, response_count: Number(head.last_seq) }
    return {
      workspaceId: cached.workspaceId,
      form,
      acceptance: publicAcceptance(form.settings, form.response_count, this.clock.nowMicros()),
    }
  }
}
