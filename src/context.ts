import type { Logger } from 'pino'
import { type Clock, processClock } from './clock.js'
import type { Config } from './config.js'
import { type Database, openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { createDeliveryMetrics, type DeliveryMetrics } from './delivery/metrics.js'
import { type AuditService, auditService } from './domain/audit/log.js'
import { type ContactsService, contactsService } from './domain/contacts/service.js'
import { type ErasureService, erasureService } from './domain/erasure/erasure.js'
import { type FilesService, filesService } from './domain/files/service.js'
import { type DraftsService, draftsService } from './domain/forms/drafts/service.js'
import {
  type FormsService,
  formsService,
  type PublicFormsService,
  publicFormsService,
  type ResponsesService,
  responsesService,
} from './domain/forms/service.js'
import { type LiveFeed, liveFeed } from './domain/insights/live.js'
import { type InsightsService, insightsService } from './domain/insights/service.js'
import { invitationComposer } from './domain/mail/compose.js'
import { type PersonalLinksService, personalLinksService } from './domain/mail/links.js'
import type { MailComposer } from './domain/mail/outbox.js'
import {
  type InvitationsService,
  invitationsService,
  type MailService,
  mailService,
} from './domain/mail/service.js'
import { type SessionsService, sessionsService } from './domain/sessions.js'
import { type AccountsService, accountsService } from './domain/team/accounts-service.js'
import {
  type DeliveriesService,
  deliveriesService,
  type WebhooksService,
  webhooksService,
} from './domain/webhooks/service.js'
import { DeliverySignal } from './domain/webhooks/signal.js'
import { type Resolver, systemResolver } from './domain/webhooks/ssrf.js'
import { createLogger } from './logger.js'
import { createProductMetrics, type ProductMetrics } from './product-metrics.js'

// Every dependency of a Canvass process, built once from config (atproto's AppContext): `serve`,
// `canvass worker` and the tests all start here. Handlers reach the database only through the
// services, each closed over it.

export interface AppContext {
  readonly config: Config
  /** The time as every part of this process reads it (the process's one clock unless a test gives its own). */
  readonly clock: Clock
  readonly database: Database
  readonly logger: Logger
  /** Told of deliveries queued by this process (after commit), so its worker need not wait for a poll. */
  readonly deliverySignal: DeliverySignal
  /** This process's delivery counters: the worker counts, /metrics shows them. */
  readonly deliveryMetrics: DeliveryMetrics
  /** This process's product counters (responses stored, contacts added, ...), shown on /metrics. */
  readonly productMetrics: ProductMetrics
  /** Resolves webhook target hosts, at PUT and at connect time (tests give one of their own). */
  readonly resolver: Resolver
  readonly forms: FormsService
  readonly publicForms: PublicFormsService
  /** Respondents' drafts: answers kept between pages, named by a resume token. */
  readonly drafts: DraftsService
  /** Personal links (`/i/{token}`): a recipient's form, and its one response. */
  readonly links: PersonalLinksService
  readonly responses: ResponsesService
  readonly contacts: ContactsService
  readonly webhooks: WebhooksService
  readonly deliveries: DeliveriesService
  /** Invitations of a contact list to a form, their recipients and unsubscribing. */
  readonly invitations: InvitationsService
  /** The mail outbox as the API reads it (GET /v1/mail). */
  readonly mail: MailService
  /** Composes mails queued without a body (invitations, reminders), for the worker and GET /v1/mail/{id}. */
  readonly mailComposer: MailComposer | undefined
  /** The dashboard's sign-in sessions. */
  readonly sessions: SessionsService
  /** The audit log: who did what (docs/api.md#audit). */
  readonly audit: AuditService
  /** Deleting an address everywhere in a workspace (docs/api.md#erasure). */
  readonly erasure: ErasureService
  /** Uploaded files (docs/api.md#file-uploads). */
  readonly files: FilesService
  /** Members' own accounts: setup, sign-in by password, password reset, profile. */
  readonly accounts: AccountsService
  readonly insights: InsightsService
  /** New responses as they arrive, from any process (the response stream). */
  readonly live: LiveFeed
  /** Closes the live feed and the database. */
  close(): Promise<void>
}

export interface ContextOptions {
  logger?: Logger
  /** Tests answer host names themselves; a process uses the system's resolver. */
  resolver?: Resolver
  /** Tests move time forward (test/support/clock.ts); a process uses its one clock, processClock. */
  clock?: Clock
  /** Composes mails queued without a body (invitations, reminders) when they are sent or shown. */
  mailComposer?: MailComposer
}

/** Opens and migrates the database and builds the services. */
export async function createAppContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel)
  const database = openDatabase(config.database)
  let ctx: AppContext | undefined
  try {
    await migrateToLatest(database)
    ctx = contextOf(config, database, logger, options)
    // Forms a migration marked get their figures before the first request asks for them.
    await ctx.insights.rebuildPending()
    return ctx
  } catch (error) {
    await (ctx ? ctx.close() : database.close()).catch(() => undefined)
    throw error
  }
}

/** The context over an open, migrated database. */
export function contextOf(
  config: Config,
  database: Database,
  logger: Logger,
  {
    resolver = systemResolver,
    clock = processClock,
    mailComposer = invitationComposer(config),
  }: Pick<ContextOptions, 'resolver' | 'clock' | 'mailComposer'> = {},
): AppContext {
  const deliverySignal = new DeliverySignal()
  const productMetrics = createProductMetrics()
  const live = liveFeed(database)
  const publicForms = publicFormsService(database, clock, deliverySignal, productMetrics, config)
  const audit = auditService(database, clock, logger)
  const files = filesService(database, clock, config)
  return {
    config,
    clock,
    database,
    logger,
    deliverySignal,
    deliveryMetrics: createDeliveryMetrics(),
    productMetrics,
    resolver,
    forms: formsService(database, clock, publicForms.forget, files.tidy),
    publicForms,
    drafts: draftsService(database, clock, deliverySignal, productMetrics, config, publicForms.forget, files),
    links: personalLinksService(database, clock, deliverySignal, productMetrics, config, publicForms.forget),
    responses: responsesService(
      database,
      clock,
      deliverySignal,
      productMetrics,
      config,
      publicForms.forget,
      files,
    ),
    files,
    contacts: contactsService(database, clock, productMetrics),
    webhooks: webhooksService(database, clock, config, resolver),
    deliveries: deliveriesService(database, clock, deliverySignal),
    invitations: invitationsService(database, clock, deliverySignal, config),
    mail: mailService(database, mailComposer),
    mailComposer,
    sessions: sessionsService(database, clock, config.sessionsPerToken),
    audit,
    erasure: erasureService(database, clock, async (formId) => {
      publicForms.forget(formId)
      await files.tidy(formId)
    }),
    accounts: accountsService(database, clock, deliverySignal, config),
    insights: insightsService(database),
    live,
    async close() {
      await live.close()
      await audit.flush()
      await database.close()
    },
  }
}
