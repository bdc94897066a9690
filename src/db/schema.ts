import type { ContactsTables } from './tables/contacts.js'
import type { FormsTables } from './tables/forms.js'
import type { FoundationTables } from './tables/foundation.js'
import type { InsightsTables } from './tables/insights.js'
import type { MailTables } from './tables/mail.js'
import type { TeamTables } from './tables/team.js'
import type { WebhooksTables } from './tables/webhooks.js'

export interface Schema
  extends FoundationTables,
    FormsTables,
    ContactsTables,
    WebhooksTables,
    InsightsTables,
    MailTables,
    TeamTables {}
