import { Type } from 'typebox'
import {
  CONFIRMATION_MESSAGE_MAX,
  CONFIRMATION_QUESTION_MAX,
  CONFIRMATION_SUBJECT_MAX,
  NOTIFY_EMAILS_MAX,
} from '../../../shared/forms/mail-settings.js'
import {
  CLOSED_MESSAGE_MAX,
  REDIRECT_URL_MAX,
  THANK_YOU_MESSAGE_MAX,
  THANK_YOU_TITLE_MAX,
} from '../../../shared/forms/settings.js'
import { EMAIL_MAX } from '../../../shared/strings.js'

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
  opens_at: nullable(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'No public answers, nor any through personal links, before this instant: until then the form answers `410 form_closed` saying when it opens. Must be before `closes_at`.',
    }),
  ),
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
  notify: nullable(
    Type.Object(
      {
        emails: Type.Array(Type.String({ minLength: 1, maxLength: EMAIL_MAX }), {
          minItems: 1,
          maxItems: NOTIFY_EMAILS_MAX,
          description: 'Bare addresses (`team@example.com`, no display name), each at most once.',
        }),
      },
      {
        additionalProperties: false,
        description:
          'Mail these addresses about new responses: at most one mail a minute per form, summarising those since the last. Default null.',
      },
    ),
  ),
  confirmation: nullable(
    Type.Object(
      {
        question: Type.String({
          minLength: 1,
          maxLength: CONFIRMATION_QUESTION_MAX,
          description: 'The id of an `email` question of this form: its answer gets the copy.',
        }),
        subject: Type.String({ minLength: 1, maxLength: CONFIRMATION_SUBJECT_MAX }),
        message: Type.String({
          minLength: 1,
          maxLength: CONFIRMATION_MESSAGE_MAX,
          description: 'Plain text; `{{form_title}}` is the only placeholder.',
        }),
      },
      {
        additionalProperties: false,
        description:
          'Mail the respondent this message and a copy of their answers, at the address they gave in the question. Default null.',
      },
    ),
  ),
  anonymous: Type.Boolean({
    description:
      'Answers through personal links (`/i/{token}`) are not linked to their contacts: no hidden field is filled from the contact, no `contact` in the webhook event, none in `GET /v1/contacts/{contact_id}`; only the recipient’s status changes. Default false.',
  }),
}

export const SettingsBody = Type.Object(
  {
    public: Type.Optional(SettingsFields.public),
    opens_at: Type.Optional(SettingsFields.opens_at),
    closes_at: Type.Optional(SettingsFields.closes_at),
    max_responses: Type.Optional(SettingsFields.max_responses),
    closed_message: Type.Optional(SettingsFields.closed_message),
    partial_responses: Type.Optional(SettingsFields.partial_responses),
    notify: Type.Optional(SettingsFields.notify),
    confirmation: Type.Optional(SettingsFields.confirmation),
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

/** What respondents are told of the settings: not whom the team's mail goes to, nor the confirmation. */
export const PublicSettingsSchema = Type.Object(
  {
    public: SettingsFields.public,
    opens_at: SettingsFields.opens_at,
    closes_at: SettingsFields.closes_at,
    max_responses: SettingsFields.max_responses,
    closed_message: SettingsFields.closed_message,
    partial_responses: SettingsFields.partial_responses,
    thank_you: Type.Object(ThankYouFields),
  },
  { description: 'The respondent settings a front-end needs (not the mail settings).' },
)
