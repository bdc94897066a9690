// Generated from the OpenAPI document by `npm run generate:client` (openapi-typescript).
// Do not edit: test/client/types.test.ts fails when this drifts from what Canvass serves.

export interface paths {
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document
         * @description No token needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description No token needed.
         */
        get: operations["checkLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database is reachable (503 when not)
         * @description No token needed.
         */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (text exposition format)
         * @description Request counts and latency histograms by route and status, webhook delivery counts, latency and queue depth, product counters (responses stored, contacts added, public submissions refused by kind), and process metrics. No API token; when the server sets `CANVASS_METRICS_TOKEN`, `Authorization: Bearer <that token>` (401 otherwise).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List forms, oldest first unless sorted newest first; optionally by title
         * @description Large items are read in batches and streamed; the bytes are the same as for small ones. All such answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default 64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.
         *
         *     Needs scope `forms:read`.
         */
        get: operations["listForms"];
        put?: never;
        /**
         * Create a form
         * @description Needs scope `forms:write`.
         */
        post: operations["createForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a form
         * @description Needs scope `forms:read`.
         */
        get: operations["getForm"];
        /**
         * Replace a form’s definition
         * @description Question ids given are kept; missing ones are generated. Stored responses are not rewritten. With `If-Match` (the `ETag` of a `GET`, `POST` or `PUT`), the form is replaced only if it has not been saved since: otherwise `412 precondition_failed`, with the current `ETag`. Without it, the last save wins.
         *
         *     Needs scope `forms:write`.
         */
        put: operations["replaceForm"];
        post?: never;
        /**
         * Delete a form with its responses and webhooks
         * @description Needs scope `forms:write`.
         */
        delete: operations["deleteForm"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List responses, newest first
         * @description Large items are read in batches and streamed; the bytes are the same as for small ones. All such answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default 64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["listResponses"];
        put?: never;
        /**
         * Submit a response
         * @description Every problem of the submission is listed at once (`400 validation_failed`).
         *
         *     Needs scope `responses:write`.
         */
        post: operations["submitResponse"];
        /**
         * Delete responses by id
         * @description Unknown ids are ignored. `included_tokens` is accepted as a synonym.
         *
         *     Needs scope `responses:write`.
         */
        delete: operations["deleteResponses"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/responses/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export every matching response, streamed
         * @description `ndjson`: one listed item per line. `csv`: id, submitted_at, one column per question (by title), hidden fields and variables, beginning with a UTF-8 byte order mark so that spreadsheet programs read accents right. `xlsx`: an Office Open XML workbook with the same columns on one sheet, `Responses`: submitted_at as a date and time (UTC), date answers as dates, numbers and variables as numbers, the rest as text (never formulas); a text longer than a cell holds (32,767 characters) is cut, ending with `…` (NDJSON and CSV keep it whole). The list filters apply, `query` included. Large items are read in batches and streamed; the bytes are the same as for small ones. All such answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default 64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["exportResponses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List open drafts, newest first
         * @description Only for a form with `settings.partial_responses` true; otherwise `404` saying so. Completed drafts are responses and are not listed here.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["listDrafts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Figures of the responses: NPS, CSAT, distributions, means, a timeline
         * @description Filters as in the responses listing (`sort` is accepted and changes nothing). The figures are maintained as responses are stored and deleted: the cost of a request does not grow with the number of responses. Responses counted one by one (`included_response_ids`, the partial minutes at a window's edges) are read as the answers they count, never as whole items, within the process's `CANVASS_LIST_MEMORY` (default 64 MiB); when that is in use, the request waits for room. `funnel` counts respondents (drafts and responses submitted in one go) by when they started, kept up to date as drafts and responses are written.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["getInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/insights/questions/{question_id}/answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A text question's latest answers, newest first
         * @description For short_text, long_text, email, url and phone_number questions (another kind is a `400`). `since`/`until` as in the responses listing. Each page is an index range of the answers kept for the question, whatever the number of responses. Large items are read in batches and streamed; the bytes are the same as for small ones. All such answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default 64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["listTextAnswers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/responses/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New responses as they are stored (Server-Sent Events)
         * @description Each response stored from then on is an event `response` whose `id` is the response id and whose `data` is the listed item. `Last-Event-ID` (header, or the `last_event_id` query) resumes after that response (an id unknown to the form starts from now). A comment line at least every 15 seconds keeps the connection open. At most `CANVASS_STREAMS_PER_TOKEN` (default 5) open streams per token and process: past it, `429`. The stream ends, after a comment line saying why, when its token is revoked or its session signed out or expired (within 5 seconds, whichever process serves it), when its form is deleted, and after `CANVASS_STREAM_MAX_SECONDS` (default 3600): resume with `Last-Event-ID` (EventSource does so by itself). Events are read within `CANVASS_LIST_MEMORY` and written as the client takes them; a client that takes nothing of an event for `CANVASS_STREAM_STALL_SECONDS` (default 30) has its connection cut, and resumes the same way.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["streamResponses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the path of a set of answers through a form, storing nothing
         * @description Answers are judged as a submission judges them (a value of the wrong type is `400` at its pointer); required answers missing and answers off the path are reported, not refused.
         *
         *     Needs scope `forms:read`.
         */
        post: operations["simulateForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate the path of a set of answers through a definition not yet saved
         * @description Answers are judged as a submission judges them (a value of the wrong type is `400` at its pointer); required answers missing and answers off the path are reported, not refused. A definition that could not be saved is refused with the same `400`, its pointers under `/form`.
         *
         *     Needs scope `forms:read`.
         */
        post: operations["simulateDefinition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contact lists, oldest first
         * @description Needs scope `contacts:read`.
         */
        get: operations["listContactLists"];
        put?: never;
        /**
         * Create a contact list
         * @description Needs scope `contacts:write`.
         */
        post: operations["createContactList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a contact list
         * @description Needs scope `contacts:read`.
         */
        get: operations["getContactList"];
        put?: never;
        post?: never;
        /**
         * Delete a contact list with its contacts
         * @description Needs scope `contacts:write`.
         */
        delete: operations["deleteContactList"];
        options?: never;
        head?: never;
        /**
         * Rename a contact list
         * @description Needs scope `contacts:write`.
         */
        patch: operations["renameContactList"];
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the contacts of a list, oldest first
         * @description Large items are read in batches and streamed; the bytes are the same as for small ones. All such answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default 64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.
         *
         *     Needs scope `contacts:read`.
         */
        get: operations["listContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{contact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a contact, with its responses
         * @description The contact and the responses it gave through personal links (`/i/{token}`), newest first.
         *
         *     Needs scope `contacts:read`.
         */
        get: operations["getContact"];
        /**
         * Change a contact’s name, address and data
         * @description The whole contact is sent, by the rules of the bulk add. An address another contact of the same list has is a `409 conflict`.
         *
         *     Needs scope `contacts:write`.
         */
        put: operations["replaceContact"];
        post?: never;
        /**
         * Delete a contact
         * @description Removes the person’s data, including stored idempotent answers that carried it.
         *
         *     Needs scope `contacts:write`.
         */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add contacts to a list, in bulk
         * @description 1..1000 contacts, all or nothing. Addresses already on the list are skipped (not in `added_contacts`); the same address twice in one request is a 400 naming both places. An unknown list is a 404.
         *
         *     Needs scope `contacts:write`.
         */
        post: operations["createContactsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the webhooks of a form, in creation order
         * @description Needs scope `webhooks:read`.
         */
        get: operations["listWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks/{tag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook
         * @description Needs scope `webhooks:read`.
         */
        get: operations["getWebhook"];
        /**
         * Create (201) or update (200) a webhook
         * @description Creates the webhook `tag` (`url` required; `enabled` defaults to true) or changes the fields given; `secret: null` removes the secret. The secret is never returned. A form has at most 20 webhooks (`CANVASS_WEBHOOKS_PER_FORM`).
         *
         *     Needs scope `webhooks:write`.
         */
        put: operations["putWebhook"];
        post?: never;
        /**
         * Delete a webhook and its delivery log
         * @description Needs scope `webhooks:write`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks/{tag}/signing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How a webhook’s deliveries are signed
         * @description Whether the webhook has a secret, and whether it is shorter than 32 characters (`weak`), so a dashboard can flag unsigned and weakly signed webhooks. The secret is never returned.
         *
         *     Needs scope `webhooks:read`.
         */
        get: operations["getWebhookSigning"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks/{tag}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of a webhook, newest first
         * @description Needs scope `webhooks:read`.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks/{tag}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A delivery with every attempt, oldest first
         * @description Needs scope `webhooks:read`.
         */
        get: operations["getDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks/{tag}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event again, soon
         * @description Makes the delivery pending and due now, with a fresh retry schedule and the same `webhook-id`.
         *
         *     Needs scope `webhooks:write`.
         */
        post: operations["redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/webhooks/{tag}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a ping event to the webhook
         * @description Queues `{event_id, event_type: "ping", created_at, webhook: {form_id, tag}}` through the same durable, signed, retried path as real events.
         *
         *     Needs scope `webhooks:write`.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the invitations of a form, newest first
         * @description Needs scope `invitations:read`.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite a contact list to a form
         * @description One recipient with a personal link per contact on the list now, and one invitation mail each, due at `send_at`. A contact that already holds a link to this form is skipped; an address unsubscribed from the workspace becomes an `unsubscribed` recipient and gets no mail. Without `CANVASS_SMTP_URL` the mails are kept as `held` (`GET /v1/mail`) and the links work all the same.
         *
         *     Needs scope `invitations:write`.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/invitations/{invitation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an invitation with its counts
         * @description Needs scope `invitations:read`.
         */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/invitations/{invitation_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an invitation
         * @description Its mails not sent yet (queued or held) are never sent: they show in `GET /v1/mail` as `failed` with the error `cancelled`, recipients still waiting for theirs become `failed`, and no reminder follows. Links already sent keep working. Cancelling again answers the invitation as it is.
         *
         *     Needs scope `invitations:write`.
         */
        post: operations["cancelInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/invitations/{invitation_id}/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the recipients of an invitation, by address
         * @description Needs scope `invitations:read`.
         */
        get: operations["listInvitationRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/invitations/{invitation_id}/recipients.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The personal links as CSV, to send from elsewhere
         * @description `email,name,link`, one line a recipient by address, beginning with a UTF-8 byte order mark; unsubscribed recipients are left out. A cell a spreadsheet would read as a formula gets a leading `'`. Large items are read in batches and streamed; the bytes are the same as for small ones. All such answers of a process together hold at most `CANVASS_LIST_MEMORY` bytes of stored items (default 64 MiB); more wait for room. A stored item larger than that is a `409 conflict`.
         *
         *     Needs scope `invitations:read`.
         */
        get: operations["exportInvitationRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the outbox, newest first
         * @description Every mail of the workspace: held (no SMTP configured), queued, sent, failed or bounced. Filter with `status` and `kind`.
         *
         *     Needs scope `invitations:read`.
         */
        get: operations["listMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mail/{mail_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a mail with its text, HTML and every attempt
         * @description Needs scope `invitations:read`.
         */
        get: operations["getMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase an address from the workspace
         * @description Deletes, in the caller's workspace, the address's contacts in every list, the responses linked to them through personal links or carrying the address in an `email` answer or a hidden field, the drafts holding it, the mails to it (with their attempts), its invitation recipients, and what is derived from them (insights, search text, webhook deliveries). Answers how many contacts, responses, drafts and mails went, and records the erasure in the audit log (action `erasure`) with a SHA-256 of the address, never the address. The workspace's unsubscribe entry of the address is kept. Needs `audit:read` and every `:write` scope: `audit:read`, `forms:write`, `responses:write`, `contacts:write`, `webhooks:write`, `invitations:write`, `members:write`, `tokens:write`; a caller lacking any gets 403 naming them.
         *
         *     Needs scope `audit:read`.
         */
        post: operations["eraseAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/forms/{form_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file that answers a file_upload question
         * @description A multipart/form-data body whose part `file` is the file, streamed to disk: refused (`413`, the connection closed) once it passes the question's `max_size`, and (`415`) when its bytes are not of a type in `properties.types`. A submission then names it: `"answers": {"<question>": {"id": "file_..."}}`. A file no response claims is deleted after `CANVASS_DRAFT_DAYS` and a day.
         *
         *     Needs scope `responses:write`.
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an uploaded file
         * @description The file's bytes, always as an attachment (`Content-Disposition`), never rendered: types a browser could run (HTML, SVG, XML) are sent as `application/octet-stream`, with `X-Content-Type-Options: nosniff` and a sandboxing policy.
         *
         *     Needs scope `responses:read`.
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/forms/{form_id}/drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a draft: answers kept on the server until completed
         * @description Answers are checked as a submission checks them, but none is required. No token; answers CORS from any origin. Counted with submissions against the per-address limit (`CANVASS_PUBLIC_RATE_LIMIT`); body at most 256 KiB.
         */
        post: operations["startDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/drafts/{resume_token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Merge answers into a draft
         * @description Answers off the path so far are kept but do not count. No token; answers CORS from any origin. Counted with submissions against the per-address limit (`CANVASS_PUBLIC_RATE_LIMIT`); body at most 256 KiB.
         */
        patch: operations["updateDraft"];
        trace?: never;
    };
    "/v1/public/drafts/{resume_token}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a draft: store its response and end it
         * @description Stores the answers on the path as a public submission would, with its webhook events; refused (400), the draft stays as it was. No body needed. No token; answers CORS from any origin. Counted with submissions against the per-address limit (`CANVASS_PUBLIC_RATE_LIMIT`); body at most 256 KiB.
         */
        post: operations["completeDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/forms/{form_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a public form, to render it in your own front-end
         * @description No token. Answers CORS from any origin.
         */
        get: operations["getPublicForm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/forms/{form_id}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a response to a public form
         * @description No token. The same rules as a token submission; limited per client address (IPv6: per /64) and form (`CANVASS_PUBLIC_RATE_LIMIT` a minute), counting only submissions to a form that accepts answers. Body at most 256 KiB. Answers CORS from any origin.
         */
        post: operations["submitPublicResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/forms/{form_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file that answers a file_upload question of a public form
         * @description No token; counted with the submissions of the client address to the form. A multipart/form-data body whose part `file` is the file, streamed to disk: refused (`413`, the connection closed) once it passes the question's `max_size`, and (`415`) when its bytes are not of a type in `properties.types`. The submission then names it by `id`. Answers CORS from any origin.
         */
        post: operations["uploadPublicFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an uploaded file by a signed link
         * @description No token: the link (as the export writes it) carries its expiry and signature, and works for `CANVASS_FILE_LINK_HOURS` (default 168). Sent as `GET /v1/files/{file_id}` sends it.
         */
        get: operations["getSignedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is calling: the scopes of this token or session, and the member signed in
         * @description The dashboard reads it to show only what the scopes allow, and who is signed in.
         *
         *     Needs a valid token or session, any scope.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in to the dashboard: with e-mail and password, or an API token, for a session cookie
         * @description Takes either `token`, or `email` and `password` (a member; a wrong e-mail, a wrong password and a member who signs in only through single sign-on all get the same `401`, in the same time). Each password attempt counts, before the password is checked, against `CANVASS_SIGN_IN_ACCOUNT_LIMIT` a minute for that e-mail address (10), a member’s or not, and `CANVASS_SIGN_IN_ADDRESS_LIMIT` for the client address. Every sign-in starts a new session and ends the one the request carried. Sets an `HttpOnly; SameSite=Strict` cookie, `canvass_session` (over https `__Host-canvass_session`, `Secure`), at `Path=/`, and expires copies of it another page of this host may have set at `/v1`, `/v1/` or `/app`. Must come from this server’s own origin with `X-Canvass-CSRF: 1`, like every change made with the cookie. No bearer token needed. At most `CANVASS_SIGN_IN_TOKEN_LIMIT` sign-ins a minute per token (10) and `CANVASS_SIGN_IN_ADDRESS_LIMIT` per client address (30); a token holds at most `CANVASS_SESSIONS_PER_TOKEN` live sessions (50), a new one ending its oldest.
         */
        post: operations["createSession"];
        /**
         * Sign out: end this session on the server
         * @description The cookie stops working at once, on every process within seconds.
         *
         *     Needs a valid token or session, any scope.
         */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a setup link creates: for the setup page
         * @description Public: the code is the credential. `404` when it is unknown, used or expired.
         */
        get: operations["getSetup"];
        put?: never;
        /**
         * Create the member a setup link stands for, and sign it in
         * @description Public: the code is the credential, and it works once (of two requests with it, exactly one succeeds). Answers the new member and sets the session cookie, as signing in does. Must come from this server’s origin with `X-Canvass-CSRF: 1`.
         */
        post: operations["completeSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link to a member
         * @description Public. Always `202`, at once, whether or not the address is a member’s; a member gets a mail with `/app/reset?code=...`, valid one hour, used once. Counts against the same limits as a password sign-in (`CANVASS_SIGN_IN_ACCOUNT_LIMIT` per e-mail address, `CANVASS_SIGN_IN_ADDRESS_LIMIT` per client address). Must come from this server’s origin with `X-Canvass-CSRF: 1`.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the code of a reset link
         * @description Public: the code is the credential, and it works once. Every session of the member ends (sign in again with the new password). Must come from this server’s origin with `X-Canvass-CSRF: 1`.
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in member
         * @description Needs a member’s session (no scope); a token gets `403`.
         *
         *     Needs a valid token or session, any scope.
         */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the signed-in member’s name
         * @description Needs a member’s session (no scope); a token gets `403`.
         *
         *     Needs a valid token or session, any scope.
         */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/v1/profile/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the signed-in member’s password
         * @description Needs a member’s session (no scope) and the current password; a token gets `403`. Every other session of the member ends at once; this one gets a fresh session cookie. Counts against `CANVASS_SIGN_IN_ACCOUNT_LIMIT` like a password sign-in.
         *
         *     Needs a valid token or session, any scope.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the members of the workspace, in the order they joined
         * @description Needs scope `members:read`.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{member_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member: its sessions end and its tokens stop working
         * @description At once on this process, within seconds on every other. The last owner cannot be removed (`409`).
         *
         *     Needs scope `members:write`.
         */
        delete: operations["deleteMember"];
        options?: never;
        head?: never;
        /**
         * Change the role of a member
         * @description Takes effect on its sessions and tokens within seconds. The last owner cannot be demoted (`409`).
         *
         *     Needs scope `members:write`.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/v1/members/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the pending invitations to the team, newest first
         * @description Needs scope `members:read`.
         */
        get: operations["listMemberInvitations"];
        put?: never;
        /**
         * Invite someone to the team by mail
         * @description Mails a link to `/app/accept?code=…`, valid 7 days and once, through the outbox. A pending invitation of the same address is replaced (its link stops working).
         *
         *     Needs scope `members:write`.
         */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/invitations/{member_invitation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw a pending invitation: its link stops working
         * @description Needs scope `members:write`.
         */
        delete: operations["deleteMemberInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an invitation link offers, for the accept page
         * @description No token needed: the code is the credential.
         */
        get: operations["getMemberInvitationOffer"];
        put?: never;
        /**
         * Accept an invitation: join the team and sign in
         * @description Creates the member with the name and password chosen and sets the session cookie, as signing in does (`POST /v1/session`). Must come from this server’s own origin with `X-Canvass-CSRF: 1`. A code works once, even when two accepts race.
         */
        post: operations["acceptMemberInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the live tokens: every one of the workspace, or the member’s own
         * @description With `tokens:read`, every live token of the workspace; a member without it sees its own. Never a secret or its digest.
         *
         *     Needs scope `tokens:read`. A signed-in member may call it without the scope, for its own tokens.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Make a token; its secret is in this answer only
         * @description With at most the caller’s scopes. A token a member makes (signed in, or with a token it made) belongs to it and acts with at most its current role: demoting the member narrows the token.
         *
         *     Needs scope `tokens:write`. A signed-in member may call it without the scope, for its own tokens.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token
         * @description It and its dashboard sessions stop working at once on the process that revoked it, and within seconds on every other (their caches keep a token at most 2 s). A member without `tokens:write` revokes only its own. Revoking twice is not an error.
         *
         *     Needs scope `tokens:write`. A signed-in member may call it without the scope, for its own tokens.
         */
        delete: operations["deleteToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/session/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ways to sign in to the dashboard
         * @description The sign-in page reads it to offer single sign-on when it is configured. No token needed.
         */
        get: operations["getSignInMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/session/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with the OpenID provider: go to its sign-in page
         * @description A browser navigation, not an API call: answers `302` to the provider’s authorization endpoint (authorization code with PKCE S256, a state and a nonce valid 10 minutes) and sets a `canvass_oidc` cookie (over https `__Host-canvass_oidc`) binding the state to this browser. When the provider cannot be reached or is not the configured issuer, `302` to `/app/sign-in?error=provider_unavailable` or `?error=issuer_mismatch`. At most `CANVASS_SIGN_IN_ADDRESS_LIMIT` a minute per client address. No token needed.
         */
        get: operations["beginSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/session/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the OpenID provider sends the browser back
         * @description Checks the answer (state and this browser’s `canvass_oidc` cookie, single use; the ID token’s issuer, audience, nonce, expiry and signature against the provider’s keys; PKCE at the token endpoint), requires `email_verified`, signs in the member with that e-mail (any case), or makes one with `CANVASS_OIDC_ROLE` and no password, sets the session cookie of `createSession` and answers `302` to `/app/`. Otherwise `302` to `/app/sign-in?error=<reason>` (docs/api.md#single-sign-on), recorded in the audit log as `session.sign_in_failed`. No token needed.
         */
        get: operations["finishSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first
         * @description Every change made through the API, every listing, export and stream of responses, every sign-in and failed sign-in, every change of members and tokens: who, what, to what, from where. Filters combine; `since`/`until` bound the time. Paged by `cursor`. No operation changes or deletes events: they are kept `CANVASS_AUDIT_DAYS` (365). Owners and admins hold the scope.
         *
         *     Needs scope `audit:read`.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A readable API reference rendered from this document (works offline)
         * @description No token needed.
         */
        get: operations["getReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description An RFC 9457 problem document. */
        Problem: {
            /** @description Always `about:blank`. */
            type: string;
            /** @description The HTTP reason phrase. */
            title: string;
            status: number;
            /**
             * @description Stable, machine-readable error code.
             * @enum {string}
             */
            code: "invalid_json" | "validation_failed" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "idempotency_key_reused" | "form_closed" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal";
            detail: string;
            /** @description The same text as `detail`. */
            description: string;
            request_id: string;
            errors?: {
                /** @description JSON pointer */
                path: string;
                message: string;
                /** @description On a submission: `missing`, a required answer (by the form or by a rule of its flow) is not given; `not_on_path`, an answer to a question the path these answers take does not show. */
                code?: "missing" | "not_on_path";
            }[];
        };
        /** @description Compares the answer of a question on the path so far. */
        QuestionCondition: {
            question: string;
            /**
             * @description `answered`, `not_answered` (no `value`); `equals`, `not_equals` (any kind; a choice compares its label); `less_than`, `at_most`, `greater_than`, `at_least` (numbers, dates, variables); `includes`, `not_includes` (choices: has the label; text and hidden fields: contains the text, ignoring case). A `not_` op holds exactly when its positive does not, so also when nothing was answered.
             * @enum {string}
             */
            op: "answered" | "not_answered" | "equals" | "not_equals" | "less_than" | "at_most" | "greater_than" | "at_least" | "includes" | "not_includes";
            /** @description What the answer is compared with: a label, text, an integer, a date `YYYY-MM-DD`, true/false. */
            value?: string | number | boolean;
        };
        /** @description Compares the value of a hidden field. */
        HiddenCondition: {
            hidden: string;
            /**
             * @description `answered`, `not_answered` (no `value`); `equals`, `not_equals` (any kind; a choice compares its label); `less_than`, `at_most`, `greater_than`, `at_least` (numbers, dates, variables); `includes`, `not_includes` (choices: has the label; text and hidden fields: contains the text, ignoring case). A `not_` op holds exactly when its positive does not, so also when nothing was answered.
             * @enum {string}
             */
            op: "answered" | "not_answered" | "equals" | "not_equals" | "less_than" | "at_most" | "greater_than" | "at_least" | "includes" | "not_includes";
            /** @description What the answer is compared with: a label, text, an integer, a date `YYYY-MM-DD`, true/false. */
            value?: string | number | boolean;
        };
        /** @description Compares a variable as calculated so far along the path. */
        VariableCondition: {
            variable: string;
            /**
             * @description `answered`, `not_answered` (no `value`); `equals`, `not_equals` (any kind; a choice compares its label); `less_than`, `at_most`, `greater_than`, `at_least` (numbers, dates, variables); `includes`, `not_includes` (choices: has the label; text and hidden fields: contains the text, ignoring case). A `not_` op holds exactly when its positive does not, so also when nothing was answered.
             * @enum {string}
             */
            op: "answered" | "not_answered" | "equals" | "not_equals" | "less_than" | "at_most" | "greater_than" | "at_least" | "includes" | "not_includes";
            /** @description What the answer is compared with: a label, text, an integer, a date `YYYY-MM-DD`, true/false. */
            value?: string | number | boolean;
        };
        /** @description Holds when every condition holds (`[]`: always). */
        AllCondition: {
            all: components["schemas"]["Condition"][];
        };
        /** @description Holds when some condition holds (`[]`: never). */
        AnyCondition: {
            any: components["schemas"]["Condition"][];
        };
        /** @description Holds when the condition does not. */
        NotCondition: {
            not: components["schemas"]["Condition"];
        };
        /** @description A comparison, or `all`/`any`/`not` of conditions, at most 8 levels deep. */
        Condition: components["schemas"]["QuestionCondition"] | components["schemas"]["HiddenCondition"] | components["schemas"]["VariableCondition"] | components["schemas"]["AllCondition"] | components["schemas"]["AnyCondition"] | components["schemas"]["NotCondition"];
        /** @description Shows a question: a question named by any `show` is hidden until shown. */
        ShowAction: {
            show: string;
        };
        /** @description Hides a question: it is not on the path. */
        HideAction: {
            hide: string;
        };
        /** @description Makes a question on the path required. */
        RequireAction: {
            require: string;
        };
        /** @description The next page, after this rule’s page, or `end`. Leaving a page, the first jump of a rule that holds wins. */
        JumpToAction: {
            jump_to: string;
        };
        /** @description The ending, unless a rule decided later sets another. */
        SetEndingAction: {
            set_ending: string;
        };
        /** @description Calculates a variable with a constant or a numeric answer (skipped when unanswered); dividing by an answer of 0 leaves it. */
        CalculateAction: {
            /** @description Exactly one of `value` and `question` (a numeric question). */
            calculate: {
                variable: string;
                /** @enum {string} */
                op: "add" | "subtract" | "multiply" | "divide" | "set";
                value?: number;
                question?: string;
            };
        };
        /** @description What a rule does when it holds. */
        Action: components["schemas"]["ShowAction"] | components["schemas"]["HideAction"] | components["schemas"]["RequireAction"] | components["schemas"]["JumpToAction"] | components["schemas"]["SetEndingAction"] | components["schemas"]["CalculateAction"];
        /** @description When its condition holds, its actions apply. Decided when the path leaves its page; the rules of one page in order. */
        Rule: {
            /** @description The page whose leaving decides this rule (e.g. an `{all: []}` jump after that page). By default the latest page its condition and calculations read, the first page when they read none; never earlier. */
            page?: string;
            if: components["schemas"]["Condition"];
            then: components["schemas"]["Action"][];
        };
        /** @description A page: its questions are shown together. */
        Page: {
            id: string;
            title?: string;
            /** @description Question ids, in the order of `questions`. */
            questions: string[];
        };
        /** @description An ending a rule may choose instead of the thank-you. */
        Ending: {
            id: string;
            title?: string;
            message?: string;
            /** @description Absolute http(s) URL. */
            redirect_url?: string;
        };
        /** @description What a respondent reads in one language; anything left out is shown in the source language and listed in `translation_gaps`. */
        Translation: {
            title?: string;
            /** @description By question id. */
            questions?: {
                [key: string]: {
                    title?: string;
                    description?: string;
                    /** @description By source label: a choice’s, a matrix row’s or column’s, a ranked item’s. Answers still name the source label. */
                    choices?: {
                        [key: string]: string;
                    };
                };
            };
            /** @description By page id. */
            pages?: {
                [key: string]: {
                    title?: string;
                };
            };
            /** @description By ending id. */
            endings?: {
                [key: string]: {
                    title?: string;
                    message?: string;
                };
            };
            thank_you?: {
                title?: string;
                message?: string;
            };
            closed_message?: string;
        };
        ShortTextQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "short_text";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `max_length`. */
            properties: {
                [key: string]: unknown;
            };
        };
        LongTextQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "long_text";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `max_length`. */
            properties: {
                [key: string]: unknown;
            };
        };
        EmailQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "email";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None. */
            properties: {
                [key: string]: unknown;
            };
        };
        UrlQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "url";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None. */
            properties: {
                [key: string]: unknown;
            };
        };
        PhoneNumberQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "phone_number";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None (answers are E.164, e.g. `+14155550100`). */
            properties: {
                [key: string]: unknown;
            };
        };
        NumberQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "number";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `min`, `max`. */
            properties: {
                [key: string]: unknown;
            };
        };
        RatingQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "rating";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `steps` (3..10). */
            properties: {
                [key: string]: unknown;
            };
        };
        OpinionScaleQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "opinion_scale";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `steps` (5..11), `start` (0 or 1). */
            properties: {
                [key: string]: unknown;
            };
        };
        NpsQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "nps";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None (0..10). */
            properties: {
                [key: string]: unknown;
            };
        };
        CustomerSatQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "customer_sat";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None. */
            properties: {
                [key: string]: unknown;
            };
        };
        YesNoQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "yes_no";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None. */
            properties: {
                [key: string]: unknown;
            };
        };
        MultipleChoiceQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "multiple_choice";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `choices` (labels or `{label}`), `allow_multiple`. */
            properties: {
                [key: string]: unknown;
            };
        };
        DropdownQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "dropdown";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `choices` (labels or `{label}`). */
            properties: {
                [key: string]: unknown;
            };
        };
        DateQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "date";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None (answers are `YYYY-MM-DD`). */
            properties: {
                [key: string]: unknown;
            };
        };
        ConsentQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "consent";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description None: the title is the statement, accepted by ticking "I accept" (answers are `true` or `false`; a required consent must be `true`). */
            properties: {
                [key: string]: unknown;
            };
        };
        MatrixQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "matrix";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `rows` (1..100 labels) and `columns` (2..20 labels, the one scale of every row); answers are an object from row to column label (a required matrix answers every row). */
            properties: {
                [key: string]: unknown;
            };
        };
        RankingQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "ranking";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `choices` (2..100 labels); answers are an array holding every label once, first the highest. */
            properties: {
                [key: string]: unknown;
            };
        };
        FileUploadQuestion: {
            id: string;
            title: string;
            /** @enum {string} */
            type: "file_upload";
            required: boolean;
            /** @description Absent when the question has none. */
            description?: string;
            /** @description `max_size` (bytes, at most the server's `CANVASS_UPLOAD_MAX`, its default), `types` (media types such as `application/pdf` or `image/*`, checked against the bytes, not the name). Answered with `{id}` of a file uploaded with `POST /v1/public/forms/{form_id}/files`. */
            properties: {
                [key: string]: unknown;
            };
        };
        /** @description A question of a form; `type` names its kind and what `properties` may hold. */
        Question: components["schemas"]["ShortTextQuestion"] | components["schemas"]["LongTextQuestion"] | components["schemas"]["EmailQuestion"] | components["schemas"]["UrlQuestion"] | components["schemas"]["PhoneNumberQuestion"] | components["schemas"]["NumberQuestion"] | components["schemas"]["RatingQuestion"] | components["schemas"]["OpinionScaleQuestion"] | components["schemas"]["NpsQuestion"] | components["schemas"]["CustomerSatQuestion"] | components["schemas"]["YesNoQuestion"] | components["schemas"]["MultipleChoiceQuestion"] | components["schemas"]["DropdownQuestion"] | components["schemas"]["DateQuestion"] | components["schemas"]["ConsentQuestion"] | components["schemas"]["MatrixQuestion"] | components["schemas"]["RankingQuestion"] | components["schemas"]["FileUploadQuestion"];
        /** @description A form and its definition. */
        Form: {
            id: string;
            title: string;
            questions: components["schemas"]["Question"][];
            hidden: string[];
            variables: {
                name: string;
                initial: number;
                calculations: {
                    /** @enum {string} */
                    op: "add" | "subtract" | "multiply" | "set";
                    value?: number;
                    question_id?: string;
                }[];
            }[];
            pages: components["schemas"]["Page"][];
            logic: components["schemas"]["Rule"][];
            endings: components["schemas"]["Ending"][];
            /** @description Respondent settings, always whole. */
            settings: {
                /** @description Anyone with the link may answer (`/f/{form_id}`, `/v1/public`). */
                public: boolean;
                opens_at: string | null;
                closes_at: string | null;
                max_responses: number | null;
                closed_message: string | null;
                /** @description The team sees drafts (`GET /v1/forms/{form_id}/drafts`) and webhooks may subscribe to `draft_updated`. Default false. */
                partial_responses: boolean;
                notify: {
                    /** @description Bare addresses (`team@example.com`, no display name), each at most once. */
                    emails: string[];
                } | null;
                confirmation: {
                    /** @description The id of an `email` question of this form: its answer gets the copy. */
                    question: string;
                    subject: string;
                    /** @description Plain text; `{{form_title}}` is the only placeholder. */
                    message: string;
                } | null;
                /** @description Answers through personal links (`/i/{token}`) are not linked to their contacts: no hidden field is filled from the contact, no `contact` in the webhook event, none in `GET /v1/contacts/{contact_id}`; only the recipient’s status changes. Default false. */
                anonymous: boolean;
                thank_you: {
                    title: string | null;
                    message: string | null;
                    redirect_url: string | null;
                };
            };
            /** @description The form’s languages, its source (the language of its own fields) first. The hosted page speaks `?lang=`, else the best for `Accept-Language`, else the source. */
            languages?: string[];
            /** @description By language, each of `languages` after the source. */
            translations?: {
                [key: string]: components["schemas"]["Translation"];
            };
            /** @description Only on a single form’s answer (create, get, replace) of a form of several languages: every string a respondent can see that a language after the source does not translate yet. Saved all the same. */
            translation_gaps?: {
                language: string;
                /** @description Where the missing text goes in `translations[language]`: `/questions/q_1/title`. */
                path: string;
                /** @description The text to translate, in the source language. */
                source: string;
            }[];
            response_count: number;
            /** @description When the latest response arrived; null before the first. */
            last_response_at: string | null;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            updated_at: string;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        FormPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Form"][];
        };
        NumberAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "number";
            /** @description A string of digits, e.g. "5", "-3". */
            number: string;
        };
        TextAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "text";
            text: string;
        };
        EmailAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "email";
            email: string;
        };
        UrlAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "url";
            url: string;
        };
        PhoneNumberAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "phone_number";
            phone_number: string;
        };
        DateAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "date";
            /** @description `YYYY-MM-DD`. */
            date: string;
        };
        BooleanAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "boolean";
            boolean: boolean;
        };
        ChoiceAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "choice";
            choice: {
                label: string;
            };
        };
        ChoicesAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "choices";
            choices: {
                labels: string[];
            };
        };
        MatrixAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "matrix";
            /** @description From each row answered to its column label, in the order of the rows. */
            matrix: {
                [key: string]: string;
            };
        };
        RankingAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "ranking";
            /** @description Every label once, first the highest ranked. */
            ranking: string[];
        };
        FileAnswer: {
            question: {
                id: string;
                title: string;
                /** @enum {string} */
                type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
            };
            /** @enum {string} */
            type: "file";
            /** @description An uploaded file (file_upload). */
            file: {
                /** @description The file's name as the respondent's device gave it, made safe to show. */
                name: string;
                /** @description In bytes. */
                size: number;
                /** @description The media type its bytes show (sniffed, not the one the client claimed). */
                type: string;
                /** @description Where the file is read: `GET /v1/files/{file_id}` with a token that may read responses. */
                url: string;
            };
        };
        /** @description One answer; `type` names the field that carries the value. */
        Answer: components["schemas"]["NumberAnswer"] | components["schemas"]["TextAnswer"] | components["schemas"]["EmailAnswer"] | components["schemas"]["UrlAnswer"] | components["schemas"]["PhoneNumberAnswer"] | components["schemas"]["DateAnswer"] | components["schemas"]["BooleanAnswer"] | components["schemas"]["ChoiceAnswer"] | components["schemas"]["ChoicesAnswer"] | components["schemas"]["MatrixAnswer"] | components["schemas"]["RankingAnswer"] | components["schemas"]["FileAnswer"];
        /** @description A response exactly as listed. */
        Response: {
            id: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            submitted_at: string;
            answers: components["schemas"]["Answer"][];
            hidden: {
                name: string;
                value: string;
            }[];
            variables: {
                name: string;
                value: number;
            }[];
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        ResponsePage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Response"][];
        };
        /** @description A draft as the team sees it: answers so far, not a response. */
        Draft: {
            id: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            started_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            updated_at: string;
            /** @description The last page of the path so far (see `pages` of a draft). */
            last_page: string | null;
            /** @description The answers on the path so far, as the responses listing shows answers. */
            answers: components["schemas"]["Answer"][];
            hidden: {
                name: string;
                value: string;
            }[];
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        DraftPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Draft"][];
        };
        /** @description A contact list. */
        ContactList: {
            id: string;
            name: string;
            /** @description Contacts on the list now. */
            contact_count: number;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            updated_at: string;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        ContactListPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["ContactList"][];
        };
        /** @description A stored contact, as the bulk add returns it. */
        Contact: {
            id: string;
            name: string;
            /** @description The address as given, trimmed. */
            email: string;
            list_id: string;
            /** @description The data object as JSON text (`"{}"` when none). */
            data: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            updated_at: string;
        };
        /** @description A stored contact, with the responses linked to it. */
        ContactDetail: {
            id: string;
            name: string;
            /** @description The address as given, trimmed. */
            email: string;
            list_id: string;
            /** @description The data object as JSON text (`"{}"` when none). */
            data: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            updated_at: string;
            /** @description The responses the contact gave through personal links (`/i/{token}`), newest first; none of a form whose `settings.anonymous` is true. */
            responses: {
                form_id: string;
                response_id: string;
                /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
                submitted_at: string;
            }[];
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        ContactPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Contact"][];
        };
        /** @description A webhook of a form; its secret is never shown. */
        Webhook: {
            form_id: string;
            tag: string;
            url: string;
            enabled: boolean;
            verify_ssl: boolean;
            /** @description Event kinds the webhook receives. */
            event_types: {
                /** @description A stored response of the form. */
                form_response: boolean;
                /** @description A draft started or changed, while the form has `settings.partial_responses`. */
                draft_updated: boolean;
            };
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            updated_at: string;
        };
        /** @description One event for one webhook, and how its delivery stands. */
        Delivery: {
            /** @description Also the `webhook-id` header of every attempt. */
            id: string;
            event_id: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            next_attempt_at: string | null;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            delivered_at: string | null;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        DeliveryPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Delivery"][];
        };
        /** @description One answer to a text question, with the response that gave it. */
        TextAnswerItem: {
            response_id: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            submitted_at: string;
            /** @description The answer as given. */
            value: string;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        TextAnswerPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["TextAnswerItem"][];
        };
        /** @description An invitation of a contact list to a form. */
        Invitation: {
            id: string;
            form_id: string;
            list_id: string;
            subject: string;
            message: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            send_at: string;
            reminders: {
                count: number;
                every_days: number;
            };
            /**
             * @description `scheduled` until `send_at`; `sending` while any of its mails is queued or a recipient has a reminder to come; then `done`; or `cancelled`.
             * @enum {string}
             */
            status: "scheduled" | "sending" | "done" | "cancelled";
            /** @description Recipients by their status now, each counted once (an opened recipient is not also counted as sent); those still queued are `recipients` less the rest. */
            counts: {
                /** @description Every recipient (one personal link each). */
                recipients: number;
                sent: number;
                failed: number;
                bounced: number;
                opened: number;
                completed: number;
                unsubscribed: number;
            };
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        InvitationPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Invitation"][];
        };
        /** @description A recipient of an invitation and how they stand. */
        InvitationRecipient: {
            contact_id: string | null;
            email: string;
            name: string;
            /** @description The personal link: `<CANVASS_PUBLIC_URL>/i/<token>`. */
            link: string;
            /** @enum {string} */
            status: "queued" | "sent" | "failed" | "bounced" | "opened" | "completed" | "unsubscribed";
            last_mail_at: string | null;
            reminders_sent: number;
            completed_at: string | null;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        InvitationRecipientPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["InvitationRecipient"][];
        };
        /** @description A mail of the outbox. */
        Mail: {
            id: string;
            /** @description The address it is sent to. */
            to: string;
            subject: string;
            /** @description What the mail is for. */
            kind: "invitation" | "reminder" | "notification" | "confirmation" | "resume" | "member";
            /** @description `held`: kept, never sent (no SMTP configured); `queued`: to be sent, or retried after a failed attempt; `sent`: accepted by the SMTP server; `failed`: refused for good, or its retries ran out; `bounced`: the server refused the address. */
            status: "held" | "queued" | "sent" | "failed" | "bounced";
            /** @description Attempts to send it so far. */
            attempts: number;
            /** @description Why the last attempt failed, in one line; null once sent. */
            last_error: string | null;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description When the SMTP server accepted it. */
            sent_at: string | null;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        MailPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Mail"][];
        };
        /** @description A mail with its parts and every attempt. */
        MailDetail: {
            id: string;
            /** @description The address it is sent to. */
            to: string;
            subject: string;
            /** @description What the mail is for. */
            kind: "invitation" | "reminder" | "notification" | "confirmation" | "resume" | "member";
            /** @description `held`: kept, never sent (no SMTP configured); `queued`: to be sent, or retried after a failed attempt; `sent`: accepted by the SMTP server; `failed`: refused for good, or its retries ran out; `bounced`: the server refused the address. */
            status: "held" | "queued" | "sent" | "failed" | "bounced";
            /** @description Attempts to send it so far. */
            attempts: number;
            /** @description Why the last attempt failed, in one line; null once sent. */
            last_error: string | null;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description When the SMTP server accepted it. */
            sent_at: string | null;
            /** @description The text part; null when it cannot be composed here, and for a team mail (kind `member`), whose link is a one-time code. */
            text: string | null;
            /** @description The HTML part; null likewise. */
            html: string | null;
            /** @description Every attempt, oldest first. */
            attempts_log: {
                /** @description From 1. */
                number: number;
                /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
                attempted_at: string;
                duration_ms: number;
                /** @description The SMTP reply that ended the attempt; null when the connection failed. */
                reply_code: number | null;
                /** @description Null when the mail was accepted. */
                error: string | null;
            }[];
        };
        /** @description A person of the workspace, with a role. */
        Member: {
            id: string;
            /** @description Lower-cased; what the member signs in with. */
            email: string;
            name: string;
            /** @description owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but members, tokens and the audit log; viewer: every `:read` scope but the audit log. */
            role: "owner" | "admin" | "editor" | "viewer";
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description Null until it first signs in. */
            last_sign_in_at: string | null;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        MemberPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Member"][];
        };
        /** @description A pending invitation to the team. */
        MemberInvitation: {
            id: string;
            /** @description The address invited, lower-cased. */
            email: string;
            /** @description owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but members, tokens and the audit log; viewer: every `:read` scope but the audit log. */
            role: "owner" | "admin" | "editor" | "viewer";
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            expires_at: string;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        MemberInvitationPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["MemberInvitation"][];
        };
        /** @description A live API token; its secret is shown only when it is made. */
        Token: {
            id: string;
            name: string;
            scopes: ("forms:read" | "forms:write" | "responses:read" | "responses:write" | "contacts:read" | "contacts:write" | "webhooks:read" | "webhooks:write" | "invitations:read" | "invitations:write" | "members:read" | "members:write" | "tokens:read" | "tokens:write" | "audit:read")[];
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description The member who made it: the token acts with at most that member’s current role. Null for a machine’s token (made with `canvass token create`, or by such a token). */
            member_id: string | null;
        };
        /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
        TokenPage: {
            /** @description Page number returned, as a decimal string. */
            page: string;
            /** @description Page size used, as a decimal string. */
            page_size: string;
            items: components["schemas"]["Token"][];
        };
        /** @description A token just made, with its secret. */
        NewToken: {
            id: string;
            name: string;
            scopes: ("forms:read" | "forms:write" | "responses:read" | "responses:write" | "contacts:read" | "contacts:write" | "webhooks:read" | "webhooks:write" | "invitations:read" | "invitations:write" | "members:read" | "members:write" | "tokens:read" | "tokens:write" | "audit:read")[];
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            created_at: string;
            /** @description The member who made it: the token acts with at most that member’s current role. Null for a machine’s token (made with `canvass token create`, or by such a token). */
            member_id: string | null;
            /** @description The secret (`cvs_…`): shown this once, never again. */
            token: string;
        };
        AuditEvent: {
            id: string;
            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
            at: string;
            /** @description Who did it: a signed-in member, a token, or Canvass itself (`system`). */
            actor: {
                type: "member" | "token" | "system";
                /** @description The member's or token's id; null for Canvass itself. */
                id: string | null;
                /** @description Its name when the event was recorded. */
                name: string | null;
            };
            /** @description The operation's id for a call of the API (e.g. `createForm`, `listResponses`), or an event the server names itself (e.g. `session.sign_in`, `session.sign_in_failed`). */
            action: string;
            /** @description What it was done to, e.g. `{"type": "form", "id": "frm_..."}`; null when nothing in particular. */
            target: {
                type: string;
                /** @description Its id. */
                id: string | null;
            } | null;
            /** @description The client address (CANVASS_TRUST_PROXY applies); null for Canvass. */
            address: string | null;
            /** @description More about it: other ids of the path, the query, a role or scopes given. Never secrets or answers. */
            details: {
                [key: string]: unknown;
            } | null;
        };
        /** @description Events newest first; a `Link` header names the next page (rel `next`). */
        AuditPage: {
            items: components["schemas"]["AuditEvent"][];
            /** @description Pass as `cursor` for the next (older) events; null at the end. */
            next_cursor: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    checkLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description CANVASS_METRICS_TOKEN is set and the request did not carry it (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listForms: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
                /** @description Oldest first (the default) or newest first. */
                sort?: "created_at,asc" | "created_at,desc";
                /** @description Only forms whose title contains this text, ignoring case (ASCII letters on SQLite). */
                title?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createForm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    questions: {
                        id?: string;
                        title: string;
                        /**
                         * @description The question kind, from a closed set.
                         * @enum {string}
                         */
                        type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
                        required?: boolean;
                        /** @description Shown under the title on the hosted page; empty or blank means none. */
                        description?: string;
                        /** @description Kind-specific: `max_length` (text), `min`/`max` (number), `steps` (rating 3..10, opinion_scale 5..11), `start` (opinion_scale 0|1), `choices` (multiple_choice, dropdown, ranking: labels or `{label}`), `allow_multiple` (multiple_choice), `rows` and `columns` (matrix: labels or `{label}`). */
                        properties?: {
                            [key: string]: unknown;
                        };
                    }[];
                    hidden?: string[];
                    variables?: {
                        name: string;
                        initial?: number;
                        calculations?: {
                            /** @enum {string} */
                            op: "add" | "subtract" | "multiply" | "set";
                            value?: number;
                            question_id?: string;
                        }[];
                    }[];
                    /** @description Respondent settings; omitted fields take their defaults (a private form). */
                    settings?: {
                        /** @description Anyone with the link may answer (`/f/{form_id}`, `/v1/public`). */
                        public?: boolean;
                        opens_at?: string | null;
                        closes_at?: string | null;
                        max_responses?: number | null;
                        closed_message?: string | null;
                        /** @description The team sees drafts (`GET /v1/forms/{form_id}/drafts`) and webhooks may subscribe to `draft_updated`. Default false. */
                        partial_responses?: boolean;
                        notify?: {
                            /** @description Bare addresses (`team@example.com`, no display name), each at most once. */
                            emails: string[];
                        } | null;
                        confirmation?: {
                            /** @description The id of an `email` question of this form: its answer gets the copy. */
                            question: string;
                            subject: string;
                            /** @description Plain text; `{{form_title}}` is the only placeholder. */
                            message: string;
                        } | null;
                        /** @description Answers through personal links (`/i/{token}`) are not linked to their contacts: no hidden field is filled from the contact, no `contact` in the webhook event, none in `GET /v1/contacts/{contact_id}`; only the recipient’s status changes. Default false. */
                        anonymous?: boolean;
                        thank_you?: {
                            title?: string | null;
                            message?: string | null;
                            redirect_url?: string | null;
                        };
                    };
                    /** @description Absent or `[]`: one page holding every question. Else each question on exactly one page, in order. */
                    pages?: components["schemas"]["Page"][];
                    /** @description Rules, in order. */
                    logic?: components["schemas"]["Rule"][];
                    endings?: components["schemas"]["Ending"][];
                    /** @description The form’s languages, its source (the language of its own fields) first. The hosted page speaks `?lang=`, else the best for `Accept-Language`, else the source. */
                    languages?: string[];
                    /** @description By language, each of `languages` after the source. */
                    translations?: {
                        [key: string]: components["schemas"]["Translation"];
                    };
                    /** @description Read-only, ignored: accepted so that a form read with a client written before this field existed can be sent back as it was read. */
                    last_response_at?: string | null;
                };
            };
        };
        responses: {
            /** @description The form created. */
            201: {
                headers: {
                    /** @description The version of the form’s definition as last saved; give it as `If-Match` to `PUT` so that a change made since is not overwritten. Responses arriving do not change it. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Form"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    /** @description The version of the form’s definition as last saved; give it as `If-Match` to `PUT` so that a change made since is not overwritten. Responses arriving do not change it. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Form"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceForm: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of the version being replaced (or `*`). If the form was saved since, the answer is `412 precondition_failed` and nothing changes. */
                "if-match"?: string;
            };
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    questions: {
                        id?: string;
                        title: string;
                        /**
                         * @description The question kind, from a closed set.
                         * @enum {string}
                         */
                        type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
                        required?: boolean;
                        /** @description Shown under the title on the hosted page; empty or blank means none. */
                        description?: string;
                        /** @description Kind-specific: `max_length` (text), `min`/`max` (number), `steps` (rating 3..10, opinion_scale 5..11), `start` (opinion_scale 0|1), `choices` (multiple_choice, dropdown, ranking: labels or `{label}`), `allow_multiple` (multiple_choice), `rows` and `columns` (matrix: labels or `{label}`). */
                        properties?: {
                            [key: string]: unknown;
                        };
                    }[];
                    hidden?: string[];
                    variables?: {
                        name: string;
                        initial?: number;
                        calculations?: {
                            /** @enum {string} */
                            op: "add" | "subtract" | "multiply" | "set";
                            value?: number;
                            question_id?: string;
                        }[];
                    }[];
                    /** @description Respondent settings; omitted fields take their defaults (a private form). */
                    settings?: {
                        /** @description Anyone with the link may answer (`/f/{form_id}`, `/v1/public`). */
                        public?: boolean;
                        opens_at?: string | null;
                        closes_at?: string | null;
                        max_responses?: number | null;
                        closed_message?: string | null;
                        /** @description The team sees drafts (`GET /v1/forms/{form_id}/drafts`) and webhooks may subscribe to `draft_updated`. Default false. */
                        partial_responses?: boolean;
                        notify?: {
                            /** @description Bare addresses (`team@example.com`, no display name), each at most once. */
                            emails: string[];
                        } | null;
                        confirmation?: {
                            /** @description The id of an `email` question of this form: its answer gets the copy. */
                            question: string;
                            subject: string;
                            /** @description Plain text; `{{form_title}}` is the only placeholder. */
                            message: string;
                        } | null;
                        /** @description Answers through personal links (`/i/{token}`) are not linked to their contacts: no hidden field is filled from the contact, no `contact` in the webhook event, none in `GET /v1/contacts/{contact_id}`; only the recipient’s status changes. Default false. */
                        anonymous?: boolean;
                        thank_you?: {
                            title?: string | null;
                            message?: string | null;
                            redirect_url?: string | null;
                        };
                    };
                    /** @description Absent or `[]`: one page holding every question. Else each question on exactly one page, in order. */
                    pages?: components["schemas"]["Page"][];
                    /** @description Rules, in order. */
                    logic?: components["schemas"]["Rule"][];
                    endings?: components["schemas"]["Ending"][];
                    /** @description The form’s languages, its source (the language of its own fields) first. The hosted page speaks `?lang=`, else the best for `Accept-Language`, else the source. */
                    languages?: string[];
                    /** @description By language, each of `languages` after the source. */
                    translations?: {
                        [key: string]: components["schemas"]["Translation"];
                    };
                    /** @description Read-only, ignored: accepted so that a form read with a client written before this field existed can be sent back as it was read. */
                    last_response_at?: string | null;
                };
            };
        };
        responses: {
            /** @description The form as saved. */
            200: {
                headers: {
                    /** @description The version of the form’s definition as last saved; give it as `If-Match` to `PUT` so that a change made since is not overwritten. Responses arriving do not change it. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Form"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form was saved since the version given in `If-Match` (`precondition_failed`). */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listResponses: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
                /** @description Inclusive lower bound on submission time: ISO 8601 or Unix seconds. */
                since?: string;
                /** @description Inclusive upper bound on submission time: ISO 8601 or Unix seconds. A bound without fractional digits includes its whole second (`until=1700000000` includes 1700000000.5). */
                until?: string;
                sort?: "submitted_at,desc" | "submitted_at,asc";
                /** @description Comma-separated response ids (at most 1000). */
                included_response_ids?: string;
                /** @description Only responses that include this string in a text answer (short and long text, e-mail, URL, phone number), a choice label or a hidden field value. Case- and accent-insensitive (`muller` finds `Müller`, `strasse` finds `Straße`); `%`, `_` and `\` are matched as themselves. At most 200 characters, no control characters; empty or blank: no filter. Numbers, dates and yes/no answers are not searched. */
                query?: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResponsePage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    submitResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), `YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload). */
                    answers: {
                        [key: string]: unknown;
                    };
                    /** @description String values by hidden field name. */
                    hidden?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description A response exactly as listed. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Response"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteResponses: {
        parameters: {
            query?: {
                /** @description Comma-separated ids, at most 1000. */
                included_response_ids?: string;
                /** @description Same as included_response_ids. */
                included_tokens?: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportResponses: {
        parameters: {
            query?: {
                format?: "ndjson" | "csv" | "xlsx";
                /** @description Inclusive lower bound on submission time: ISO 8601 or Unix seconds. */
                since?: string;
                /** @description Inclusive upper bound on submission time: ISO 8601 or Unix seconds. A bound without fractional digits includes its whole second (`until=1700000000` includes 1700000000.5). */
                until?: string;
                sort?: "submitted_at,desc" | "submitted_at,asc";
                /** @description Comma-separated response ids (at most 1000). */
                included_response_ids?: string;
                /** @description Only responses that include this string in a text answer (short and long text, e-mail, URL, phone number), a choice label or a hidden field value. Case- and accent-insensitive (`muller` finds `Müller`, `strasse` finds `Straße`); `%`, `_` and `\` are matched as themselves. At most 200 characters, no control characters; empty or blank: no filter. Numbers, dates and yes/no answers are not searched. */
                query?: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The responses, streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDrafts: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DraftPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInsights: {
        parameters: {
            query?: {
                /** @description Inclusive lower bound on submission time: ISO 8601 or Unix seconds. */
                since?: string;
                /** @description Inclusive upper bound on submission time: ISO 8601 or Unix seconds. A bound without fractional digits includes its whole second (`until=1700000000` includes 1700000000.5). */
                until?: string;
                sort?: "submitted_at,desc" | "submitted_at,asc";
                /** @description Comma-separated response ids (at most 1000). */
                included_response_ids?: string;
                /** @description Only responses that include this string in a text answer (short and long text, e-mail, URL, phone number), a choice label or a hidden field value. Case- and accent-insensitive (`muller` finds `Müller`, `strasse` finds `Straße`); `%`, `_` and `\` are matched as themselves. At most 200 characters, no control characters; empty or blank: no filter. Numbers, dates and yes/no answers are not searched. */
                query?: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Figures over the matching responses (docs/api.md#insights). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        form_id: string;
                        /** @description Responses matching the filters. */
                        responses: number;
                        /** @description In form order. */
                        questions: {
                            id: string;
                            /** @description The title in the current definition. */
                            title: string;
                            /** @description The question kind in the current definition. */
                            type: string;
                            /** @description Responses that answered this question. */
                            answered: number;
                            /** @description Responses whose path showed this question (its page visited and no rule hiding it), answered or not: `answered` of `shown` is the answer rate among those who saw it. A response stored before this was kept counts the path its answers take through the form as it is now. */
                            shown: number;
                            /** @description Numeric kinds: each value given, as a string, to its count; every value of a bounded scale (rating, opinion_scale, nps, customer_sat) is listed, zeros included. */
                            distribution?: {
                                [key: string]: number;
                            };
                            /** @description Numeric kinds: the mean answer, rounded to 2 decimals; null when none. */
                            mean?: number | null;
                            /** @description nps: promoters answered 9-10, passives 7-8, detractors 0-6. */
                            nps?: {
                                promoters: number;
                                passives: number;
                                detractors: number;
                                /** @description 100 x (promoters - detractors) / answered, 1 decimal; null when none. */
                                score: number | null;
                            };
                            /** @description customer_sat: satisfied = answers 4 or 5. */
                            csat?: {
                                satisfied: number;
                                /** @description 100 x satisfied / answered, 1 decimal; null when none. */
                                percent: number | null;
                            };
                            yes?: number;
                            no?: number;
                            /** @description multiple_choice, dropdown: the current labels in order (zeros included), then labels answered under an earlier definition (in code-point order). */
                            choices?: {
                                label: string;
                                count: number;
                            }[];
                            /** @description consent: answers that accepted it. */
                            accepted?: number;
                            /** @description file_upload: the size of its files in all, in bytes (`answered` counts them). */
                            bytes?: number;
                            /** @description consent: answers that did not (only an optional consent). */
                            declined?: number;
                            /** @description matrix: per row (current rows in order, then rows answered under an earlier definition) how many answered it and its distribution over the columns (current columns in order, zeros included, then earlier ones). */
                            rows?: {
                                label: string;
                                answered: number;
                                columns: {
                                    label: string;
                                    count: number;
                                }[];
                            }[];
                            /** @description ranking: per label how many ranked it and its mean rank, best (lowest) first. */
                            ranks?: {
                                label: string;
                                ranked: number;
                                /** @description The mean rank, 1 being first, rounded to 2 decimals; null when nobody ranked it. */
                                mean_rank: number | null;
                            }[];
                            /** @description date: each day answered with its count, oldest first (days nobody answered are left out). */
                            dates?: {
                                /** @description A day answered, `YYYY-MM-DD`. */
                                date: string;
                                count: number;
                            }[];
                        }[];
                        variables: {
                            name: string;
                            /** @description Rounded to 2 decimals; null when no response matched. */
                            mean: number | null;
                            /** @description null when no response matched. */
                            min: number | null;
                            /** @description null when no response matched. */
                            max: number | null;
                        }[];
                        /** @description UTC days with at least one matching response, oldest first. */
                        timeline: {
                            /** @description A UTC day, `YYYY-MM-DD`. */
                            date: string;
                            responses: number;
                        }[];
                        /** @description Respondents counted by when they *started* (a draft its `started_at`, a response submitted in one go its `submitted_at`) within `since`/`until`; with `included_response_ids` or `query`, only those whose response matches. A deleted response leaves the funnel (not started, no page, not completed); drafts deleted by retention stay counted as they were. */
                        funnel: {
                            /** @description Respondents who started in the window: drafts started, and responses submitted in one go. */
                            started: number;
                            /** @description Of those, how many completed: their response is stored (in one go or by completing the draft). */
                            completed: number;
                            /** @description The pages of the current definition, in order. */
                            pages: {
                                /** @description A page of the form as it is now (`page_1` for a form without pages). */
                                id: string;
                                /** @description Of those started, how many reached this page: a draft the pages of its path up to its next page, a response every page of its path. */
                                reached: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTextAnswers: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
                /** @description Inclusive lower bound on submission time: ISO 8601 or Unix seconds. */
                since?: string;
                /** @description Inclusive upper bound on submission time: ISO 8601 or Unix seconds. A bound without fractional digits includes its whole second (`until=1700000000` includes 1700000000.5). */
                until?: string;
            };
            header?: never;
            path: {
                form_id: string;
                question_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TextAnswerPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamResponses: {
        parameters: {
            query?: {
                /** @description Resume after this response. */
                last_event_id?: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), `YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload). */
                    answers: {
                        [key: string]: unknown;
                    };
                    /** @description String values by hidden field name. */
                    hidden?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The path the answers take. Nothing is stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Page ids visited, in order. */
                        pages: string[];
                        /** @description Question ids on the path (on a visited page and shown), in question order. */
                        questions: string[];
                        /** @description Required question ids on the path (required by the form or by a rule) that are not answered. */
                        missing: string[];
                        /** @description Answered question ids that are not on the path: a submission with them is refused. */
                        not_on_path: string[];
                        /** @description Each variable as calculated along the path. */
                        variables: {
                            name: string;
                            value: number;
                        }[];
                        /** @description The ending set last by a rule that holds, or null: the form’s thank-you. */
                        ending: string | null;
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateDefinition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    form: {
                        title: string;
                        questions: {
                            id?: string;
                            title: string;
                            /**
                             * @description The question kind, from a closed set.
                             * @enum {string}
                             */
                            type: "short_text" | "long_text" | "email" | "url" | "phone_number" | "number" | "rating" | "opinion_scale" | "nps" | "customer_sat" | "yes_no" | "multiple_choice" | "dropdown" | "date" | "consent" | "matrix" | "ranking" | "file_upload";
                            required?: boolean;
                            /** @description Shown under the title on the hosted page; empty or blank means none. */
                            description?: string;
                            /** @description Kind-specific: `max_length` (text), `min`/`max` (number), `steps` (rating 3..10, opinion_scale 5..11), `start` (opinion_scale 0|1), `choices` (multiple_choice, dropdown, ranking: labels or `{label}`), `allow_multiple` (multiple_choice), `rows` and `columns` (matrix: labels or `{label}`). */
                            properties?: {
                                [key: string]: unknown;
                            };
                        }[];
                        hidden?: string[];
                        variables?: {
                            name: string;
                            initial?: number;
                            calculations?: {
                                /** @enum {string} */
                                op: "add" | "subtract" | "multiply" | "set";
                                value?: number;
                                question_id?: string;
                            }[];
                        }[];
                        /** @description Respondent settings; omitted fields take their defaults (a private form). */
                        settings?: {
                            /** @description Anyone with the link may answer (`/f/{form_id}`, `/v1/public`). */
                            public?: boolean;
                            opens_at?: string | null;
                            closes_at?: string | null;
                            max_responses?: number | null;
                            closed_message?: string | null;
                            /** @description The team sees drafts (`GET /v1/forms/{form_id}/drafts`) and webhooks may subscribe to `draft_updated`. Default false. */
                            partial_responses?: boolean;
                            notify?: {
                                /** @description Bare addresses (`team@example.com`, no display name), each at most once. */
                                emails: string[];
                            } | null;
                            confirmation?: {
                                /** @description The id of an `email` question of this form: its answer gets the copy. */
                                question: string;
                                subject: string;
                                /** @description Plain text; `{{form_title}}` is the only placeholder. */
                                message: string;
                            } | null;
                            /** @description Answers through personal links (`/i/{token}`) are not linked to their contacts: no hidden field is filled from the contact, no `contact` in the webhook event, none in `GET /v1/contacts/{contact_id}`; only the recipient’s status changes. Default false. */
                            anonymous?: boolean;
                            thank_you?: {
                                title?: string | null;
                                message?: string | null;
                                redirect_url?: string | null;
                            };
                        };
                        /** @description Absent or `[]`: one page holding every question. Else each question on exactly one page, in order. */
                        pages?: components["schemas"]["Page"][];
                        /** @description Rules, in order. */
                        logic?: components["schemas"]["Rule"][];
                        endings?: components["schemas"]["Ending"][];
                        /** @description The form’s languages, its source (the language of its own fields) first. The hosted page speaks `?lang=`, else the best for `Accept-Language`, else the source. */
                        languages?: string[];
                        /** @description By language, each of `languages` after the source. */
                        translations?: {
                            [key: string]: components["schemas"]["Translation"];
                        };
                        /** @description Read-only, ignored: accepted so that a form read with a client written before this field existed can be sent back as it was read. */
                        last_response_at?: string | null;
                    };
                    /** @description By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), `YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload). */
                    answers: {
                        [key: string]: unknown;
                    };
                    /** @description String values by hidden field name. */
                    hidden?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The path the answers take. Nothing is stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Page ids visited, in order. */
                        pages: string[];
                        /** @description Question ids on the path (on a visited page and shown), in question order. */
                        questions: string[];
                        /** @description Required question ids on the path (required by the form or by a rule) that are not answered. */
                        missing: string[];
                        /** @description Answered question ids that are not on the path: a submission with them is refused. */
                        not_on_path: string[];
                        /** @description Each variable as calculated along the path. */
                        variables: {
                            name: string;
                            value: number;
                        }[];
                        /** @description The ending set last by a rule that holds, or null: the form’s thank-you. */
                        ending: string | null;
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listContactLists: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactListPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createContactList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label for the list (1..256 characters). */
                    name: string;
                };
            };
        };
        responses: {
            /** @description A contact list. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContactList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A contact list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteContactList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    renameContactList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A label for the list (1..256 characters). */
                    name: string;
                };
            };
        };
        responses: {
            /** @description A contact list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A stored contact, with the responses linked to it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactDetail"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    name?: string;
                    /** @description Trimmed, then a valid address (dot-atom local part, dotted host name) of at most 254 characters; compared case-insensitively. */
                    email: string;
                    /** @description Free-form string values (at most 100; keys up to 64, values up to 2048 characters). */
                    data?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description A stored contact, as the bulk add returns it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createContactsBulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body within 24 hours gets the first answer again (with `Idempotent-Replayed: true`); the same key with another body is `409 idempotency_key_reused`. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The list that receives the contacts. */
                    list_id: string;
                    contacts: {
                        /** @default  */
                        name?: string;
                        /** @description Trimmed, then a valid address (dot-atom local part, dotted host name) of at most 254 characters; compared case-insensitively. */
                        email: string;
                        /** @description Free-form string values (at most 100; keys up to 64, values up to 2048 characters). */
                        data?: {
                            [key: string]: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The contacts added, in request order; addresses already on the list are not. */
                        added_contacts: components["schemas"]["Contact"][];
                        /** @description The requested list_id. */
                        contact_list_id: string;
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request body (`idempotency_key_reused`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
            };
            cookie?: never;
        };
        /** @description Creating needs `url`; an update changes only the fields given. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute http(s) URL. Loopback, private, link-local, unique-local, CGNAT, multicast and unspecified targets are refused unless the operator allows private targets. Text that is not ASCII is stored and returned percent-encoded with a punycode host (at most 2048 characters so encoded); ASCII as given. */
                    url?: string;
                    /** @description Default true. */
                    enabled?: boolean;
                    /** @description Signing secret (`whsec_<base64>` or any text); never returned. `null` removes it. Deliveries are signed per Standard Webhooks. */
                    secret?: string | null;
                    /** @description Verify the TLS certificate of https targets; default true. */
                    verify_ssl?: boolean;
                    /** @description Default `{"form_response": true, "draft_updated": false}`; on create a kind left out takes its default; on an update it keeps its setting. */
                    event_types?: {
                        form_response?: boolean;
                        draft_updated?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Creating it would give the form more than 20 webhooks (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookSigning: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the deliveries of a webhook are signed; the secret itself is never shown. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tag: string;
                        /** @description `unsigned`: no secret, deliveries carry no signature; `weak`: a secret shorter than 32 characters; `strong`: 32 or more. */
                        signing: "unsigned" | "weak" | "strong";
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            /** @description Also the `webhook-id` header of every attempt. */
                            id: string;
                            event_id: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            attempts: number;
                            last_status_code: number | null;
                            last_error: string | null;
                            next_attempt_at: string | null;
                            /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
                            created_at: string;
                            delivered_at: string | null;
                            /** @description Every attempt, oldest first. Deliveries recorded before attempts were kept have an empty log: `attempts`, `last_status_code` and `last_error` still tell what was kept of them. */
                            attempt_log: {
                                /** @description When the attempt started. */
                                attempted_at: string;
                                /** @description Until the answer was read, or the attempt gave up. */
                                duration_ms: number;
                                status_code: number | null;
                                error: string | null;
                                response_excerpt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["Delivery"];
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                /** @description Name of the webhook within its form: 1..64 of A-Z a-z 0-9 _ - . (not `.` or `..`). */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["Delivery"];
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The contact list: each contact on it now gets a personal link. */
                    list_id: string;
                    /** @description 1..200 characters. Placeholders: `{{name}}`, `{{link}}` (the personal link), `{{form_title}}` and `{{contact.<data key>}}` (empty for a contact without that key); spaces inside the braces are allowed, any other `{{...}}` is refused. Sent on one line: line breaks in values become spaces. */
                    subject: string;
                    /** @description Plain text, 1..5000 characters, with `{{link}}` required. Placeholders: `{{name}}`, `{{link}}` (the personal link), `{{form_title}}` and `{{contact.<data key>}}` (empty for a contact without that key); spaces inside the braces are allowed, any other `{{...}}` is refused. Blank lines separate paragraphs in the HTML part. */
                    message: string;
                    /** @description When to send (ISO 8601 or Unix seconds), at most a year ahead; default (or a time past): now. */
                    send_at?: string;
                    reminders?: {
                        /** @description Reminders at most (0..5). */
                        count: number;
                        /** @description Days between a recipient's last mail and their next reminder (1..30). */
                        every_days: number;
                    };
                };
            };
        };
        responses: {
            /** @description An invitation of a contact list to a form. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Mail is configured (`CANVASS_SMTP_URL`) but `CANVASS_PUBLIC_URL` is not: the links would point at this server’s own address (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An invitation of a contact list to a form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An invitation of a contact list to a form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listInvitationRecipients: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
                /** @description Only recipients with this status. */
                status?: "queued" | "sent" | "failed" | "bounced" | "opened" | "completed" | "unsubscribed";
            };
            header?: never;
            path: {
                form_id: string;
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationRecipientPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportInvitationRecipients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
                invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recipients, streamed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMail: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
                /** @description `held`: kept, never sent (no SMTP configured); `queued`: to be sent, or retried after a failed attempt; `sent`: accepted by the SMTP server; `failed`: refused for good, or its retries ran out; `bounced`: the server refused the address. */
                status?: "held" | "queued" | "sent" | "failed" | "bounced";
                /** @description What the mail is for. */
                kind?: "invitation" | "reminder" | "notification" | "confirmation" | "resume" | "member";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mail_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A mail with its parts and every attempt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailDetail"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    eraseAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address to erase; compared trimmed and without case. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description The receipt of an erasure. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many contacts (in every list) were deleted. */
                        contacts: number;
                        /** @description How many responses were deleted. */
                        responses: number;
                        /** @description How many drafts were deleted. */
                        drafts: number;
                        /** @description How many mails of the outbox were deleted. */
                        mails: number;
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query: {
                /** @description The file_upload question the file answers. */
                question: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What a submission names: `"answers": {"<question>": {"id": "file_..."}}`. */
                        id: string;
                        /** @description The file's name as given, made safe to show (no path, no control or direction characters, at most 255 characters). */
                        name: string;
                        size: number;
                        /** @description The media type its bytes show, not the one the client claimed. */
                        type: string;
                        /** @description Reads the file with a token (`GET /v1/files/{file_id}`). */
                        url: string;
                    };
                };
            };
            /** @description Not a file_upload question, no part `file`, an empty file, or a body that is not multipart (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The file is over the question's `max_size` (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not multipart/form-data, or the file is of a type the question does not accept (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such file in this workspace, or it has been deleted (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), `YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload). */
                    answers: {
                        [key: string]: unknown;
                    };
                    /** @description String values by hidden field name. */
                    hidden?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description How far a draft has come. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Names the draft; keep it to change or complete it. */
                        resume_token: string;
                        /** @description Page ids of the path so far: from the first up to `next_page`, or the whole path. */
                        pages: string[];
                        /** @description The first page of the path with a required question still unanswered; null when the draft can be completed. */
                        next_page: string | null;
                    };
                };
            };
            /** @description Invalid answers (`validation_failed`), every problem listed, or not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form, or it is not public; or no open draft has this token (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form does not accept answers now (`form_closed`): it has closed, or opens later. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over 256 KiB (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many submissions from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resume token the draft was started with: `cvd_` and 22 URL-safe characters. */
                resume_token: string;
            };
            cookie?: never;
        };
        /** @description Merged by question id and hidden name: a value replaces the one kept, `null` removes it. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), `YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload). */
                    answers?: {
                        [key: string]: unknown;
                    };
                    /** @description String values by hidden field name. */
                    hidden?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description How far a draft has come. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Names the draft; keep it to change or complete it. */
                        resume_token: string;
                        /** @description Page ids of the path so far: from the first up to `next_page`, or the whole path. */
                        pages: string[];
                        /** @description The first page of the path with a required question still unanswered; null when the draft can be completed. */
                        next_page: string | null;
                    };
                };
            };
            /** @description Invalid answers (`validation_failed`), every problem listed, or not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form, or it is not public; or no open draft has this token (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The draft kept changing under other requests at the same time (`conflict`): send it again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form does not accept answers now (`form_closed`): it has closed, or opens later. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over 256 KiB (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many submissions from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    completeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The resume token the draft was started with: `cvd_` and 22 URL-safe characters. */
                resume_token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        submitted_at: string;
                    };
                };
            };
            /** @description Invalid answers (`validation_failed`), every problem listed, or not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form, or it is not public; or no open draft has this token (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form does not accept answers now (`form_closed`): it has closed, or opens later. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over 256 KiB (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many submissions from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPublicForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a respondent needs to render the form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        questions: components["schemas"]["Question"][];
                        hidden: string[];
                        /** @description The respondent settings a front-end needs (not the mail settings). */
                        settings: {
                            /** @description Anyone with the link may answer (`/f/{form_id}`, `/v1/public`). */
                            public: boolean;
                            opens_at: string | null;
                            closes_at: string | null;
                            max_responses: number | null;
                            closed_message: string | null;
                            /** @description The team sees drafts (`GET /v1/forms/{form_id}/drafts`) and webhooks may subscribe to `draft_updated`. Default false. */
                            partial_responses: boolean;
                            thank_you: {
                                title: string | null;
                                message: string | null;
                                redirect_url: string | null;
                            };
                        };
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form, or it is not public (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form is public but does not accept answers now (`form_closed`): it has closed, or it opens later (`settings.opens_at`, named in `detail`). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    submitPublicResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description By question id: an integer (number kinds), a string, true/false (yes_no, consent), a label (choice), an array of labels (multiple_choice with allow_multiple; ranking: every label once, in order), `YYYY-MM-DD` (date), an object from row to column label (matrix), `{"id": "file_..."}` of an uploaded file (file_upload). */
                    answers: {
                        [key: string]: unknown;
                    };
                    /** @description String values by hidden field name. */
                    hidden?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        submitted_at: string;
                    };
                };
            };
            /** @description Invalid submission (`validation_failed`), every problem listed, or not JSON. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form, or it is not public (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form does not accept answers now (`form_closed`): it has closed, or opens later. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over 256 KiB (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many submissions from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    uploadPublicFile: {
        parameters: {
            query: {
                /** @description The file_upload question the file answers. */
                question: string;
            };
            header?: never;
            path: {
                form_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What a submission names: `"answers": {"<question>": {"id": "file_..."}}`. */
                        id: string;
                        /** @description The file's name as given, made safe to show (no path, no control or direction characters, at most 255 characters). */
                        name: string;
                        size: number;
                        /** @description The media type its bytes show, not the one the client claimed. */
                        type: string;
                        /** @description Reads the file with a token (`GET /v1/files/{file_id}`). */
                        url: string;
                    };
                };
            };
            /** @description Not a file_upload question, no part `file`, an empty file, or not multipart (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such form, or it is not public (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The form does not accept answers now (`form_closed`). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The file is over the question's `max_size` (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not multipart/form-data, or a file of a type the question does not accept (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many submissions from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSignedFile: {
        parameters: {
            query: {
                expires: number;
                signature: string;
            };
            header?: never;
            path: {
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such file, the link has expired, or its signature does not hold (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The scopes of the token behind this caller, or of the signed-in member’s role. */
                        scopes: string[];
                        /** @description When the session ends; null when the caller used a bearer token. */
                        expires_at: string | null;
                        /** @description The signed-in member; null for a token (or a session signed in with one). */
                        member: components["schemas"]["Member"] | null;
                        /** @description The token behind this caller (its id and name); null for a member. */
                        token?: {
                            id: string;
                            name: string;
                        } | null;
                    };
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Either `token`, or `email` and `password`. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description An API token. */
                    token?: string;
                    /** @description An e-mail address. */
                    email?: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The scopes of the token behind this caller, or of the signed-in member’s role. */
                        scopes: string[];
                        /** @description When the session ends; null when the caller used a bearer token. */
                        expires_at: string | null;
                        /** @description The signed-in member; null for a token (or a session signed in with one). */
                        member: components["schemas"]["Member"] | null;
                        /** @description The token behind this caller (its id and name); null for a member. */
                        token?: {
                            id: string;
                            name: string;
                        } | null;
                    };
                };
            };
            /** @description Neither a token nor an e-mail and password, or both (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token is unknown or revoked, or the e-mail address and password match no member (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many sign-ins with this token, for this e-mail address or from this address, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSetup: {
        parameters: {
            query: {
                /** @description The code from the link. */
                code: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The address the link is for; null: whoever opens it chooses. */
                        email: string | null;
                        /** @description owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but members, tokens and the audit log; viewer: every `:read` scope but the audit log. */
                        role: "owner" | "admin" | "editor" | "viewer";
                        /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
                        expires_at: string;
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown, used or expired (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    completeSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The code from the link. */
                    code: string;
                    /** @description An e-mail address. */
                    email: string;
                    /** @description How the team sees this person. */
                    name: string;
                    /** @description At least 12 characters and at most 256, not among the most common passwords. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A person of the workspace, with a role. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description A field is invalid: the password is too short, too long or too common, or the link is for another e-mail address (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unknown, used or expired (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A member with this e-mail address exists already (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An e-mail address. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Taken: a member of this address gets the mail. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many attempts for this address or from this client (`rate_limited`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The code from the link. */
                    code: string;
                    /** @description At least 12 characters and at most 256, not among the most common passwords. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The password is set; every session of the member has ended. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The password is too short, too long or too common (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The link is unknown, used or expired (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A person of the workspace, with a role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The caller is a token, not a signed-in member (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description How the team sees this person. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description A person of the workspace, with a role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description The name is empty or too long (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The caller is a token, not a signed-in member (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    /** @description At least 12 characters and at most 256, not among the most common passwords. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Changed; the answer sets a new session cookie. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The current password is wrong, or the new one too short, too long or too common (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The caller is a token, not a signed-in member (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many attempts for this member or from this address (`rate_limited`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only an owner makes, demotes or removes an owner, or invites or withdraws an owner’s invitation (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description This would leave the workspace without an owner (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but members, tokens and the audit log; viewer: every `:read` scope but the audit log. */
                    role: "owner" | "admin" | "editor" | "viewer";
                };
            };
        };
        responses: {
            /** @description A person of the workspace, with a role. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only an owner makes, demotes or removes an owner, or invites or withdraws an owner’s invitation (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description This would leave the workspace without an owner (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMemberInvitations: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberInvitationPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The address to invite. */
                    email: string;
                    /** @description owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but members, tokens and the audit log; viewer: every `:read` scope but the audit log. */
                    role: "owner" | "admin" | "editor" | "viewer";
                };
            };
        };
        responses: {
            /** @description A pending invitation to the team. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberInvitation"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only an owner makes, demotes or removes an owner, or invites or withdraws an owner’s invitation (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The address is a member already, or mail cannot be sent with links people can open (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMemberInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                member_invitation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only an owner makes, demotes or removes an owner, or invites or withdraws an owner’s invitation (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMemberInvitationOffer: {
        parameters: {
            query: {
                /** @description The code of the invitation link (`/app/accept?code=…`). */
                code: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What an invitation offers, for the accept page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @description owner and admin: every scope (only an owner makes, demotes or removes an owner); editor: every scope but members, tokens and the audit log; viewer: every `:read` scope but the audit log. */
                        role: "owner" | "admin" | "editor" | "viewer";
                        /** @description ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:04:05.123456Z`. */
                        expires_at: string;
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The code is unknown, used, withdrawn or expired (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed attempts from this address (`rate_limited`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    acceptMemberInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The code of the invitation link (`/app/accept?code=…`). */
                    code: string;
                    /** @description How the team will see this member. */
                    name: string;
                    /** @description At least 12 characters, and not one of the most common passwords. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A person of the workspace, with a role. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not from this server’s origin, or without `X-Canvass-CSRF: 1` (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The code is unknown, used, withdrawn or expired (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The address became a member meanwhile (`conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed attempts from this address (`rate_limited`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query: {
                /** @description Page number, from 1. */
                page: number;
                /** @description Items per page (1..1000). */
                page_size: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the token is for. */
                    name: string;
                    /** @description At most the scopes of the caller. */
                    scopes: ("forms:read" | "forms:write" | "responses:read" | "responses:write" | "contacts:read" | "contacts:write" | "webhooks:read" | "webhooks:write" | "invitations:read" | "invitations:write" | "members:read" | "members:write" | "tokens:read" | "tokens:write" | "audit:read")[];
                };
            };
        };
        responses: {
            /** @description A token just made, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewToken"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The caller lacks `tokens:write`, or a scope asked for (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Body over the size limit (`payload_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A body without `Content-Type: application/json` (`unsupported_media_type`). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Without `tokens:write`, another’s token (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSignInMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Members sign in with e-mail and password. */
                        password: boolean;
                        /** @description An API token signs in (for developers). */
                        token: boolean;
                        /** @description Single sign-on with the OpenID provider of `CANVASS_OIDC_ISSUER` is configured. */
                        oidc: boolean;
                    };
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    beginSingleSignOn: {
        parameters: {
            query?: {
                /** @description Where in the dashboard to land after signing in (default `/app/`). */
                return_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider, or to the sign-in page with the reason it is unavailable (`Location`). */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Single sign-on is not configured (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many sign-ins from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    finishSingleSignOn: {
        parameters: {
            query?: {
                /** @description From the provider. */
                code?: string;
                /** @description From the provider. */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the dashboard, signed in; or to the sign-in page with the reason (`Location`). */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Single sign-on is not configured (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many failed authentications from this address (`rate_limited`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query: {
                /** @description Events at or after: ISO 8601 or Unix seconds. */
                since?: string;
                /** @description Events at or before: ISO 8601 or Unix seconds (a bound without fraction includes its second). */
                until?: string;
                /** @description A member or token id, or an actor type: `member`, `token` or `system`. */
                actor?: string;
                /** @description Only this action. */
                action?: string;
                /** @description Events per page (1..1000). */
                limit: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events newest first; a `Link` header names the next page (rel `next`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description Invalid path, query or body value (`validation_failed`), or a body that is not JSON (`invalid_json`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token (`unauthorized`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The token lacks the scope this operation needs (`forbidden`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No such resource in the token’s workspace (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Over the token’s request rate, or too many failed authentications from this address (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description A bug (`internal`); the detail never leaks internals. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description A malformed request: bad percent-encoding, or HTTP/1.1 without a `Host` header (`validation_failed`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
