import { foundation } from './001_foundation.js'
import { formsAndResponses } from './002_forms_responses.js'
import { contacts } from './003_contacts.js'
import { webhooks } from './004_webhooks.js'
import { deliveryAttempts } from './005_delivery_attempts.js'
import { responseSizes } from './006_response_sizes.js'
import { sessions } from './007_sessions.js'
import { insights } from './008_insights.js'
import { insightLevels } from './009_insight_levels.js'
import { responseFigures } from './010_response_figures.js'
import { sessionTokens } from './011_session_tokens.js'
import { lastResponse } from './012_last_response.js'
import { answerInsights } from './013_answer_insights.js'
import { responseSearch } from './014_response_search.js'
import { drafts } from './015_drafts.js'
import { funnel } from './016_funnel.js'
import { mail } from './017_mail.js'
import { draftRecipients } from './018_draft_recipients.js'
import { team } from './019_team.js'
import { files } from './020_files.js'
import type { Migration } from './migration.js'

// A static index (no directory scanning): names sort in the order they run.
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_forms_responses': formsAndResponses,
  '003_contacts': contacts,
  '004_webhooks': webhooks,
  '005_delivery_attempts': deliveryAttempts,
  '006_response_sizes': responseSizes,
  '007_sessions': sessions,
  '008_insights': insights,
  '009_insight_levels': insightLevels,
  '010_response_figures': responseFigures,
  '011_session_tokens': sessionTokens,
  '012_last_response': lastResponse,
  '013_answer_insights': answerInsights,
  '014_response_search': responseSearch,
  '015_drafts': drafts,
  '016_funnel': funnel,
  '017_mail': mail,
  '018_draft_recipients': draftRecipients,
  '019_team': team,
  '020_files': files,
}
