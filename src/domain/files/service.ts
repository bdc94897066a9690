import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import type { Clock } from '../../clock.js'
import { type Config, publicBaseUrl } from '../../config.js'
import type { Database } from '../../db/database.js'
import type { FormDefinition } from '../../shared/forms/definition.js'
import { maxFileSize } from '../../shared/forms/files.js'
import type { Question } from '../../shared/forms/kinds.js'
import type { FileLinks } from '../forms/export.js'
import { signatureHolds, signedPath } from './links.js'
import {
  deleteUnclaimed,
  type FileRow,
  fileIdsIn,
  findFile,
  hasFileQuestion,
  PENDING_FILES_MAX,
  pendingFiles,
  resolveFileAnswers,
  touchFiles,
} from './records.js'
import { tidyFiles } from './tidy.js'
import { formDirectory, storeUpload, UploadRefused } from './upload.js'

/** A file's address in a stored item's JSON. */
const fileUrl = /\/v1\/files\/(file_[A-Za-z0-9_-]{22})"/g

// Uploaded files as the HTTP layer uses them (docs/api.md#file-uploads): written as they arrive,
// read by a token of the form's workspace or by a signed link, gone with their response or form.

export type FilesService = ReturnType<typeof filesService>

export function filesService(
  database: Database,
  clock: Clock,
  config: Pick<Config, 'filesDir' | 'uploadMax' | 'fileLinkHours' | 'publicUrl' | 'host' | 'port'>,
) {
  const base = publicBaseUrl(config)
  return {
    /** The bytes a file of this question may have: its max_size within CANVASS_UPLOAD_MAX. */
    limitOf: (question: Question) => maxFileSize(question, config.uploadMax),
    /**
     * Writes a file to the question. `from` 'outside': a public page or API, whose uploads wait
     * (UploadRefused 'too_many_pending') while the form holds PENDING_FILES_MAX unclaimed files.
     */
    async upload(
      formId: string,
      question: Question,
      part: { name?: string | undefined; claimedType?: string | undefined; stream: Readable },
      from: 'workspace' | 'outside',
    ) {
      const pending = from === 'outside' ? await pendingFiles(database.db, formId, clock.nowMicros()) : 0
      if (pending >= PENDING_FILES_MAX) {
        part.stream.resume()
        throw new UploadRefused(
          'too_many_pending',
          `this form took ${PENDING_FILES_MAX} files in the last day that no response has claimed yet; try again later`,
        )
      }
      return storeUpload(
        database,
        clock,
        config.filesDir,
        base,
        {
          formId,
          question,
          name: part.name,
          claimedType: part.claimedType,
          limit: maxFileSize(question, config.uploadMax),
        },
        part.stream,
      )
    },
    /** Deletes the form's files no response claimed, with their bytes: a refused request's uploads. */
    async discard(formId: string, ids: string[]): Promise<void> {
      for (const row of await deleteUnclaimed(database.db, formId, ids))
        await rm(join(formDirectory(config.filesDir, row.form_id), row.id), { force: true })
    },
    /** A draft that holds these answers was saved: its files count as uploaded now (touchFiles). */
    async keep(form: FormDefinition, answers: Record<string, unknown>): Promise<void> {
      if (hasFileQuestion(form)) await touchFiles(database.db, fileIdsIn(form, answers), clock.nowMicros())
    },
    /** The file if the workspace's forms hold it. */
    async inWorkspace(workspaceId: string, id: string): Promise<FileRow | undefined> {
      const row = await database.db
        .selectFrom('files')
        .innerJoin('forms', 'forms.id', 'files.form_id')
        .select('files.id')
        .where('files.id', '=', id)
        .where('forms.workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return row && findFile(database.db, id)
    },
    /** The file a signed link names, while the link holds. */
    async bySignedLink(id: string, expires: number, signature: string): Promise<FileRow | undefined> {
      const row = await findFile(database.db, id)
      return row && signatureHolds(row, expires, signature, Math.floor(clock.now() / 1000)) ? row : undefined
    },
    /** A link that opens the file without a token for CANVASS_FILE_LINK_HOURS. */
    signedLink(file: Pick<FileRow, 'id' | 'secret'>): string {
      const expires = Math.floor(clock.now() / 1000) + config.fileLinkHours * 3600
      return base + signedPath(file, expires)
    },
    /** The file's bytes; undefined once they are gone. */
    open(file: Pick<FileRow, 'id' | 'form_id'>): Promise<Readable | undefined> {
      const stream = createReadStream(join(formDirectory(config.filesDir, file.form_id), file.id))
      return new Promise((resolve) => {
        stream.once('open', () => resolve(stream))
        stream.once('error', () => resolve(undefined))
      })
    },
    /** Signed links for an export's file cells, the keys read a batch at a time (export.ts). */
    exportLinks(): FileLinks {
      const secrets = new Map<string, string>()
      const signed = this.signedLink
      return {
        async prepare(items) {
          secrets.clear()
          const ids = new Set<string>()
          for (const item of items)
            for (const match of String(item).matchAll(fileUrl)) ids.add(match[1] as string)
          if (ids.size === 0) return
          const rows = await database.db
            .selectFrom('files')
            .select(['id', 'secret'])
            .where('id', 'in', [...ids])
            .execute()
          for (const row of rows) secrets.set(row.id, row.secret)
        },
        link(url) {
          const id = /\/v1\/files\/(file_[A-Za-z0-9_-]{22})$/.exec(url)?.[1]
          const secret = id === undefined ? undefined : secrets.get(id)
          return id === undefined || secret === undefined ? url : signed({ id, secret })
        },
      }
    },
    /**
     * A draft's answers with each file answer put in its stored file's place (records.ts); the
     * files it holds count as uploaded now, so they are not deleted as unclaimed while it lives.
     */
    async resolveAnswers(form: FormDefinition & { id: string }, answers: Record<string, unknown>) {
      if (!hasFileQuestion(form)) return answers
      const resolved = await resolveFileAnswers(database.db, form.id, form, answers, base)
      await touchFiles(database.db, fileIdsIn(form, resolved), clock.nowMicros())
      return resolved
    },
    /** Removes the bytes of the form's files that no row names (after a deletion). */
    tidy: (formId: string) => tidyFiles(database, config.filesDir, formId, clock.now()),
  }
}
