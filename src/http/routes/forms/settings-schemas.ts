import { Type } from 'typebox'
import {
  CLOSED_MESSAGE_MAX,
  REDIRECT_URL_MAX,
  THANK_YOU_MESSAGE_MAX,
  THANK_YOU_TITLE_MAX,
} from '../../../shared/forms/settings.js'

// A form's respondent settings (docs/api.md#form-settings), as written and as returned.

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()])

const ThankYouFields = {
  title: nullable(Type.String({ minLength: 1, maxLength: THANK_YOU_TITLE_MAX })),
  message: nullable(Type.String({ minLength: 1, maxLength: THANK_YOU_MESSAGE_MAX })),
  redirect_url: nullable(
    Type.String({
      minLength: 1,
      maxLength: REDIRECT_URL_MAX,
      description:
        'Absolute http(s) URL the respondent is sent to instead of the thank-you page. Text that is not ASCII is stored and returned as a browser requests it: punycode host, UTF-8 percent-encoded path, query and fragment (at most 2048 characters so encoded).',
    }),
  ),
}

const SettingsFields = {
  public: Type.Boolean({ description: 'Anyone with the link may answer (`/f/{form_id}`, `/v1/public`).' }),
  closes_at: nullable(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'No public answers, nor any through personal links, from this instant on.',
    }),
  ),
  max_responses: nullable(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'No public answers, nor any through personal links, past this count.',
    }),
  ),
  closed_message: nullable(Type.String({ minLength: 1, maxLength: CLOSED_MESSAGE_MAX })),
  partial_responses: Type.Boolean({
    description:
      'The team sees drafts (`GET /v1/forms/{form_id}/drafts`) and webhooks may subscribe to `draft_updated`. Default false.',
  }),
  anonymous: Type.Boolean({
    description:
      'Answers through personal links (`/i/{token}`) are not linked to their contacts: no hidden field is filled from the contact, no `contact` in the webhook event, none in `GET /v1/contacts/{contact_id}`; only the recipient’s status changes. Default false.',
  }),
}

export const SettingsBody = Type.Object(
  {
    public: Type.Optional(SettingsFields.public),
    closes_at: Type.Optional(SettingsFields.closes_at),
    max_responses: Type.Optional(SettingsFields.max_responses),
    closed_message: Type.Optional(SettingsFields.closed_message),
    partial_responses: Type.Optional(SettingsFields.partial_responses),
    anonymous: Type.Optional(SettingsFields.anonymous),
    thank_you: Type.Optional(
      Type.Object(
        {
          title: Type.Optional(ThankYouFields.title),
          message: Type.Optional(ThankYouFields.message),
          redirect_url: Type.Optional(ThankYouFields.redirect_url),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Respondent settings; omitted fields take their defaults (a private form).',
  },
)

export const SettingsSchema = Type.Object(
  { ...SettingsFields, thank_you: Type.Object(ThankYouFields) },
  { description: 'Respondent settings, always whole.' },
)
