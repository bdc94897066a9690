import { Type } from 'typebox'
import { PagedList } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'

// Schemas of webhooks and deliveries: they validate requests and document the API (OpenAPI).

const Tag = Type.String({
  minLength: 1,
  maxLength: 64,
  // `.` and `..` alone are refused: URL clients normalise them away, so they could not be addressed.
  pattern: '^(?!\\.\\.?$)[A-Za-z0-9_.-]+$',
  description: 'Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`).',
})

export const WebhookParams = Type.Object({ form_id: IdString, tag: Tag }, { additionalProperties: false })
export const DeliveryParams = Type.Object(
  { form_id: IdString, tag: Tag, delivery_id: IdString },
  { additionalProperties: false },
)

const EventTypes = Type.Object(
  {
    form_response: Type.Boolean({ description: 'A stored response of the form.' }),
    draft_updated: Type.Boolean({
      description: 'A draft started or changed, while the form has `settings.partial_responses`.',
    }),
  },
  { additionalProperties: false, description: 'Event kinds the webhook receives.' },
)

export const WebhookBody = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
        description:
          'Absolute http(s) URL. Loopback, private, link-local, unique-local, CGNAT, multicast and unspecified targets are refused unless the operator allows private targets. Text that is not ASCII is stored and returned percent-encoded with a punycode host (at most 2048 characters so encoded); ASCII as given.',
      }),
    ),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    secret: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 256 }), Type.Null()], {
        description:
          'Signing secret (`whsec_<base64>` or any text); never returned. `null` removes it. Deliveries are signed per Standard Webhooks.',
      }),
    ),
    verify_ssl: Type.Optional(
      Type.Boolean({ description: 'Verify the TLS certificate of https targets; default true.' }),
    ),
    event_types: Type.Optional(
      Type.Object(
        { form_response: Type.Optional(Type.Boolean()), draft_updated: Type.Optional(Type.Boolean()) },
        {
          additionalProperties: false,
          description:
            'Default `{"form_response": true, "draft_updated": false}`; on create a kind left out takes its default; on an update it keeps its setting.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Creating needs `url`; an update changes only the fields given.',
  },
)

export const WebhookSchema = Type.Object(
  {
    form_id: Type.String(),
    tag: Type.String(),
    url: Type.String(),
    enabled: Type.Boolean(),
    verify_ssl: Type.Boolean(),
    event_types: EventTypes,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Webhook', description: 'A webhook of a form; its secret is never shown.' },
)

export const WebhookEnvelope = Type.Object({ webhook: ref(WebhookSchema) })
export const WebhookSigningSchema = Type.Object(
  {
    tag: Type.String(),
    signing: Type.Union([Type.Literal('unsigned'), Type.Literal('weak'), Type.Literal('strong')], {
      description:
        '`unsigned`: no secret, deliveries carry no signature; `weak`: a secret shorter than 32 characters; `strong`: 32 or more.',
    }),
  },
  { description: 'How the deliveries of a webhook are signed; the secret itself is never shown.' },
)
export const WebhookList = Type.Object({ items: Type.Array(ref(WebhookSchema)) })

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()])

export const DeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'Also the `webhook-id` header of every attempt.' }),
    event_id: Type.String(),
    status: Type.Unsafe<'pending' | 'succeeded' | 'failed'>({
      type: 'string',
      enum: ['pending', 'succeeded', 'failed'],
    }),
    attempts: Type.Integer(),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    next_attempt_at: Nullable(Timestamp),
    created_at: Timestamp,
    delivered_at: Nullable(Timestamp),
  },
  { $id: 'Delivery', description: 'One event for one webhook, and how its delivery stands.' },
)

export const DeliveryEnvelope = Type.Object({ delivery: ref(DeliverySchema) })
export const DeliveryPage = PagedList(ref(DeliverySchema), 'DeliveryPage')

const AttemptSchema = Type.Object({
  attempted_at: Type.String({ description: 'When the attempt started.' }),
  duration_ms: Type.Integer({ description: 'Until the answer was read, or the attempt gave up.' }),
  status_code: Nullable(Type.Integer({ description: 'Null when no answer came.' })),
  error: Nullable(Type.String({ description: 'Null on a 2xx.' })),
  response_excerpt: Nullable(
    Type.String({
      description: "The first 1 KiB of the receiver's answer as text; null when no answer came.",
    }),
  ),
})

export const DeliveryDetailEnvelope = Type.Object({
  delivery: Type.Object({
    ...DeliverySchema.properties,
    attempt_log: Type.Array(AttemptSchema, {
      description:
        'Every attempt, oldest first. Deliveries recorded before attempts were kept have an empty log: `attempts`, `last_status_code` and `last_error` still tell what was kept of them.',
    }),
  }),
})
