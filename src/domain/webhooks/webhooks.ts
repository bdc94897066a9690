import type { Selectable } from 'kysely'
import { type Clock, formatTimestamp } from '../../clock.js'
import { type Database, type Db, isUniqueViolation } from '../../db/database.js'
import type { WebhooksTable } from '../../db/tables/webhooks.js'
import { newId } from '../../ids.js'
import { httpUrlOf, sentUrlProblem } from '../../shared/strings.js'
import { conflict, type FieldError, validationFailed } from '../errors.js'
import { formInWorkspace } from '../forms/forms.js'
import { secretProblem } from './signing.js'
import { checkTarget, type Resolver, TargetRefused } from './ssrf.js'

// Managing webhooks (docs/webhooks.md#managing-webhooks): a webhook belongs to a form, named by its tag.

export type WebhookRow = Selectable<WebhooksTable>

export interface EventTypes {
  form_response: boolean
  /** A draft was started or changed (docs/webhooks.md#draft_updated); off unless asked for. */
  draft_updated: boolean
}

export interface WebhookView {
  form_id: string
  tag: string
  url: string
  enabled: boolean
  verify_ssl: boolean
  event_types: EventTypes
  created_at: string
  updated_at: string
}

export interface WebhookInput {
  url?: string | undefined
  enabled?: boolean | undefined
  secret?: string | null | undefined
  verify_ssl?: boolean | undefined
  event_types?: Partial<EventTypes> | undefined
}

export function eventTypesOf(row: Pick<WebhookRow, 'event_types'>): EventTypes {
  const parsed = JSON.parse(row.event_types) as Partial<EventTypes>
  return { form_response: parsed.form_response === true, draft_updated: parsed.draft_updated === true }
}

export function webhookView(row: WebhookRow): WebhookView {
  return {
    form_id: row.form_id,
    tag: row.tag,
    url: row.url,
    enabled: row.enabled === 1,
    verify_ssl: row.verify_ssl === 1,
    event_types: eventTypesOf(row),
    created_at: formatTimestamp(Number(row.created_at)),
    updated_at: formatTimestamp(Number(row.updated_at)),
  }
}

/** A create that would put more than the allowed number of webhooks on one form. */
function webhookLimitReached(limit: number) {
  return conflict(
    `a form may have at most ${limit} webhooks (CANVASS_WEBHOOKS_PER_FORM); delete one or update an existing tag`,
  )
}

/** The problems of a target URL beyond its schema (absolute http(s), at most 2048 characters). */
export async function targetProblems(
  url: string,
  allowPrivate: boolean,
  resolver: Resolver,
): Promise<FieldError[]> {
  const problem = sentUrlProblem(url)
  if (problem) return [{ path: '/url', message: problem }]
  if (allowPrivate) return []
  try {
    await checkTarget(new URL(url), resolver)
    return []
  } catch (error) {
    if (error instanceof TargetRefused) {
      const message = `is not an allowed target: ${error.message}. Private and loopback addresses are refused unless the server runs with CANVASS_WEBHOOK_ALLOW_PRIVATE=1 (for development)`
      return [{ path: '/url', message }]
    }
    throw error
  }
}

/**
 * Creates or updates the webhook `tag` of a form. Undefined when the form is not in the
 * workspace; throws validation_failed for a bad URL, secret, or a create without url, and
 * conflict for a create on a form that already has `maxPerForm` webhooks.
 */
export async function putWebhook(
  database: Database,
  clock: Clock,
  options: { allowPrivate: boolean; maxPerForm: number; resolver: Resolver },
  workspaceId: string,
  formId: string,
  tag: string,
  input: WebhookInput,
): Promise<{ created: boolean; webhook: WebhookView } | undefined> {
  if (!(await formInWorkspace(database.db, workspaceId, formId))) return undefined
  const errors: FieldError[] = []
  if (input.url !== undefined)
    errors.push(...(await targetProblems(input.url, options.allowPrivate, options.resolver)))
  // Stored as it is requested: text that is not ASCII percent-encoded, with a punycode host.
  const url = input.url === undefined || errors.length > 0 ? input.url : httpUrlOf(input.url)
  if (typeof input.secret === 'string') {
    const problem = secretProblem(input.secret)
    if (problem) errors.push({ path: '/secret', message: problem })
  }
  const write = () =>
    database.transaction(async (trx) => {
      // Concurrent PUTs on one form queue on the form's row, so creates count one after another
      // and cannot together pass the limit; rows that only reference the form stay free.
      await trx.lockRow('forms', formId)
      const existing = await trx
        .selectFrom('webhooks')
        .selectAll()
        .where('form_id', '=', formId)
        .where('tag', '=', tag)
        .executeTakeFirst()
      const now = clock.nowMicros()
      if (!existing) {
        if (url === undefined) errors.push({ path: '/url', message: 'is required to create a webhook' })
        if (errors.length > 0) throw validationFailed(errors)
        const { count } = await trx
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('form_id', '=', formId)
          .executeTakeFirstOrThrow()
        if (Number(count) >= options.maxPerForm) throw webhookLimitReached(options.maxPerForm)
        const row = await trx
          .insertInto('webhooks')
          .values({
            id: newId('wh'),
            workspace_id: workspaceId,
            form_id: formId,
            tag,
            url: url as string,
            enabled: input.enabled === false ? 0 : 1,
            secret: input.secret ?? null,
            verify_ssl: input.verify_ssl === false ? 0 : 1,
            event_types: JSON.stringify({
              form_response: input.event_types?.form_response ?? true,
              draft_updated: input.event_types?.draft_updated ?? false,
            }),
            failing_since: null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        return { created: true, webhook: webhookView(row) }
      }
      if (errors.length > 0) throw validationFailed(errors)
      const changes: Partial<WebhookRow> = { updated_at: now }
      if (url !== undefined) changes.url = url
      if (input.enabled !== undefined) {
        changes.enabled = input.enabled ? 1 : 0
        // Enabling again starts a fresh record of failures.
        if (input.enabled) changes.failing_since = null
      }
      if (input.secret !== undefined) changes.secret = input.secret
      if (input.verify_ssl !== undefined) changes.verify_ssl = input.verify_ssl ? 1 : 0
      // Merge, like every other field: a kind left out of `event_types` keeps its setting.
      const kinds = input.event_types ?? {}
      if (kinds.form_response !== undefined || kinds.draft_updated !== undefined) {
        changes.event_types = JSON.stringify({ ...eventTypesOf(existing), ...kinds })
      }
      const row = await trx
        .updateTable('webhooks')
        .set(changes)
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return { created: false, webhook: webhookView(row) }
    })
  try {
    return await write()
  } catch (error) {
    // Two creates of one tag at once: the loser becomes an update of the winner's webhook.
    if (isUniqueViolation(error)) return write()
    throw error
  }
}

export async function findWebhookRow(
  db: Db,
  workspaceId: string,
  formId: string,
  tag: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('form_id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .where('tag', '=', tag)
    .executeTakeFirst()
}

/** Webhooks of a form in creation order; undefined when the form is not in the workspace. */
export async function listWebhooks(
  db: Db,
  workspaceId: string,
  formId: string,
): Promise<WebhookView[] | undefined> {
  if (!(await formInWorkspace(db, workspaceId, formId))) return undefined
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('form_id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(webhookView)
}

export async function deleteWebhook(
  db: Db,
  workspaceId: string,
  formId: string,
  tag: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('webhooks')
    .where('form_id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .where('tag', '=', tag)
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) > 0
}
