import { Type } from 'typebox'
import { contactLimits } from '../../../domain/contacts/validation.js'
import { PagedList } from '../../pagination.js'
import { IdString, ref, Timestamp } from '../../schemas.js'

// Schemas of contact lists and contacts: they validate requests and document the API (OpenAPI).

export const ListParams = Type.Object({ list_id: IdString }, { additionalProperties: false })
export const ContactParams = Type.Object({ contact_id: IdString }, { additionalProperties: false })

export const ContactListBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'A label for the list (1..256 characters).',
    }),
  },
  { additionalProperties: false },
)

export const ContactListSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    contact_count: Type.Integer({ description: 'Contacts on the list now.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'ContactList', description: 'A contact list.' },
)

export const StoredContactSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String({ description: 'The address as given, trimmed.' }),
    list_id: Type.String(),
    data: Type.String({ description: 'The data object as JSON text (`"{}"` when none).' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Contact', description: 'A stored contact, as the bulk add returns it.' },
)

export const ContactResponseSchema = Type.Object(
  {
    form_id: Type.String(),
    response_id: Type.String(),
    submitted_at: Timestamp,
  },
  { description: 'A response the contact gave through its personal link to a form.' },
)

export const ContactDetailSchema = Type.Object(
  {
    ...StoredContactSchema.properties,
    responses: Type.Array(ContactResponseSchema, {
      description:
        'The responses the contact gave through personal links (`/i/{token}`), newest first; none of a form whose `settings.anonymous` is true.',
    }),
  },
  { $id: 'ContactDetail', description: 'A stored contact, with the responses linked to it.' },
)

export const ContactInput = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: contactLimits.nameMax, default: '' })),
    email: Type.String({
      maxLength: contactLimits.emailMax,
      description:
        'Trimmed, then a valid address (dot-atom local part, dotted host name) of at most 254 characters; ' +
        'compared case-insensitively.',
    }),
    data: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: contactLimits.dataKeyMax }),
        Type.String({ maxLength: contactLimits.dataValueMax }),
        {
          maxProperties: contactLimits.dataEntriesMax,
          description: 'Free-form string values (at most 100; keys up to 64, values up to 2048 characters).',
        },
      ),
    ),
  },
  { additionalProperties: false },
)

export function BulkBody(bulkMax: number) {
  return Type.Object(
    {
      // Any string: one that names no list in the token's workspace is a 404 (docs/api.md#bulk-add).
      list_id: Type.String({ description: 'The list that receives the contacts.' }),
      contacts: Type.Array(ContactInput, { minItems: 1, maxItems: bulkMax }),
    },
    { additionalProperties: false },
  )
}

export const BulkHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'Up to 255 printable ASCII characters. A repeat with the same key and body within 24 hours gets the first ' +
        'answer again (with `Idempotent-Replayed: true`); the same key with another body is `409 idempotency_key_reused`.',
    }),
  ),
})

export const BulkResponse = Type.Object({
  added_contacts: Type.Array(ref(StoredContactSchema), {
    description: 'The contacts added, in request order; addresses already on the list are not.',
  }),
  contact_list_id: Type.String({ description: 'The requested list_id.' }),
})

export const ContactListPage = PagedList(ref(ContactListSchema), 'ContactListPage')
export const ContactPage = PagedList(ref(StoredContactSchema), 'ContactPage')
