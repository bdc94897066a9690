import { sql } from 'kysely'
import { type Clock, formatTimestamp } from '../../clock.js'
import type { Database, Db } from '../../db/database.js'
import type { FormsTable } from '../../db/tables/forms.js'
import { newId } from '../../ids.js'
import type { FormDefinition, FormInput, FormView } from '../../shared/forms/definition.js'
import { normaliseDefinition } from '../../shared/forms/normalise.js'
import { completeSettings } from '../../shared/forms/settings.js'
import { validationFailed } from '../errors.js'
import { type Page, pageRows } from '../listing.js'

// Forms of a workspace. Every look-up is by (workspace, id): another workspace's form is
// indistinguishable from one that does not exist.

export type { FormView }

type FormRow = Pick<
  FormsTable,
  'id' | 'title' | 'definition' | 'last_seq' | 'last_response_at' | 'created_at' | 'updated_at'
>

/** The columns a FormView is made of (formView). */
export const formColumns = [
  'id',
  'title',
  'definition',
  'last_seq',
  'last_response_at',
  'created_at',
  'updated_at',
] as const

/** Which forms a listing shows, in which order: oldest first unless `newestFirst`. */
export interface FormListing {
  newestFirst?: boolean
  /** Only forms whose title contains this, ignoring case (ASCII letters on SQLite). */
  title?: string
}

// LIKE's wildcards in the searched text match themselves.
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function formView(row: FormRow): FormView {
  const definition = JSON.parse(row.definition) as FormDefinition
  return {
    id: row.id,
    title: row.title,
    ...definition,
    settings: completeSettings(definition.settings),
    // Definitions stored before the flow existed have none of it.
    pages: definition.pages ?? [],
    logic: definition.logic ?? [],
    endings: definition.endings ?? [],
    response_count: Number(row.last_seq),
    last_response_at: Number(row.last_response_at) > 0 ? formatTimestamp(Number(row.last_response_at)) : null,
    created_at: formatTimestamp(Number(row.created_at)),
    updated_at: formatTimestamp(Number(row.updated_at)),
  }
}

function checkedDefinition(input: FormInput): FormDefinition {
  const { definition, errors } = normaliseDefinition(input)
  if (errors.length > 0) throw validationFailed(errors)
  return definition
}

export async function createForm(
  db: Db,
  clock: Clock,
  workspaceId: string,
  input: FormInput,
): Promise<FormView> {
  const definition = checkedDefinition(input)
  const now = clock.nowMicros()
  const row = {
    id: newId('frm'),
    workspace_id: workspaceId,
    title: input.title,
    definition: JSON.stringify(definition),
    last_seq: 0,
    last_submitted_at: 0,
    last_response_at: 0,
    created_at: now,
    updated_at: now,
  }
  await db.insertInto('forms').values(row).execute()
  return formView(row)
}

export async function findForm(db: Db, workspaceId: string, formId: string): Promise<FormView | undefined> {
  const row = await db
    .selectFrom('forms')
    .select(formColumns)
    .where('id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row ? formView(row) : undefined
}

/** A page of forms as ids and stored definition sizes (read without loading them), for batching. */
export async function planForms(
  db: Db,
  workspaceId: string,
  page: Page,
  listing: FormListing = {},
): Promise<{ id: string; bytes: number }[]> {
  const order = listing.newestFirst ? 'desc' : 'asc'
  const title = listing.title
  return db
    .selectFrom('forms')
    .select(['id', sql<number>`octet_length(definition) + octet_length(title)`.as('bytes')])
    .where('workspace_id', '=', workspaceId)
    .$if(Boolean(title), (query) =>
      query.where(sql<boolean>`lower(title) like ${likePattern(title ?? '')} escape '\\'`),
    )
    .orderBy('created_at', order)
    .orderBy('id', order)
    .$call((query) => pageRows(query, page))
    .execute()
}

/** Forms by id, in the listing's order (then by id), as a page lists them. */
export async function loadForms(
  db: Db,
  workspaceId: string,
  ids: string[],
  listing: FormListing = {},
): Promise<FormView[]> {
  const order = listing.newestFirst ? 'desc' : 'asc'
  const rows = await db
    .selectFrom('forms')
    .select(formColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .orderBy('created_at', order)
    .orderBy('id', order)
    .execute()
  return rows.map(formView)
}

/**
 * Replaces the whole definition; stored responses keep the questions they were answered under.
 * `expected`: the replace happens only if the form's `updated_at` (microseconds) is one of these,
 * checked by the update itself so that of two concurrent conditional replaces one fails: `stale`.
 */
export async function replaceForm(
  database: Database,
  clock: Clock,
  workspaceId: string,
  formId: string,
  input: FormInput,
  expected?: number[],
): Promise<FormView | 'stale' | undefined> {
  const definition = checkedDefinition(input)
  let update = database.db
    .updateTable('forms')
    .set({ title: input.title, definition: JSON.stringify(definition), updated_at: clock.nowMicros() })
    .where('id', '=', formId)
    .where('workspace_id', '=', workspaceId)
  if (expected !== undefined) {
    if (expected.length === 0)
      return (await formInWorkspace(database.db, workspaceId, formId)) ? 'stale' : undefined
    update = update.where('updated_at', 'in', expected)
  }
  const row = await update.returning(formColumns).executeTakeFirst()
  if (row) return formView(row)
  if (expected !== undefined && (await formInWorkspace(database.db, workspaceId, formId))) return 'stale'
  return undefined
}

/** Deletes the form; its responses (and other capabilities' rows, e.g. webhooks) go by ON DELETE CASCADE. */
export async function deleteForm(database: Database, workspaceId: string, formId: string): Promise<boolean> {
  const result = await database.transaction((trx) =>
    trx
      .deleteFrom('forms')
      .where('id', '=', formId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst(),
  )
  return Number(result.numDeletedRows) > 0
}

/** Whether the form exists in the workspace: the one check every capability of a form starts with. */
export async function formInWorkspace(db: Db, workspaceId: string, formId: string): Promise<boolean> {
  const row = await db
    .selectFrom('forms')
    .select('id')
    .where('id', '=', formId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
  return row !== undefined
}
