import { describe, expect, it } from 'vitest'
import { useTestContext } from '../support/context.js'
import { createMailForm, mailForm } from './notify-support.js'

// docs/api.md#notifications-and-confirmations: settings.notify and settings.confirmation, checked
// when the form is saved (every save: a definition that drops the confirmation's question is
// refused), returned whole to the team, and never shown to respondents.

const ctx = useTestContext()

const confirmation = { question: 'email', subject: 'Thanks for {{form_title}}', message: 'We got it.' }

async function refused(settings: object, form: object = mailForm) {
  const response = await ctx.request({ method: 'POST', url: '/v1/forms', payload: { ...form, settings } })
  expect(response.statusCode, response.body).toBe(400)
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8')
  return response.json().errors as { path: string; message: string }[]
}

describe('settings.notify and settings.confirmation', () => {
  it('are null by default and kept as given', async () => {
    const plain = await createMailForm(ctx, {})
    const read = await ctx.request({ method: 'GET', url: `/v1/forms/${plain}` })
    expect(read.json().settings).toMatchObject({ notify: null, confirmation: null })

    const notify = { emails: ['team@example.com', 'Boss+forms@Example.org'] }
    const id = await createMailForm(ctx, { notify, confirmation })
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json()
    expect(form.settings.notify).toEqual(notify)
    expect(form.settings.confirmation).toEqual(confirmation)
    // Turned off again by null (or by leaving them out of a PUT).
    const put = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${id}`,
      payload: { ...mailForm, settings: { notify: null, confirmation: null } },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json().settings).toMatchObject({ notify: null, confirmation: null })
  })

  it('refuses addresses that are not one bare address, each at its place', async () => {
    const hostile = [
      'Team <team@example.com>',
      'team@example.com\r\nBcc: everyone@example.com',
      'a@example.com, b@example.com',
      'not an address',
      'team@example.com',
    ]
    const errors = await refused({ notify: { emails: hostile } })
    expect(errors.map((error) => error.path)).toEqual([0, 1, 2, 3].map((i) => `/settings/notify/emails/${i}`))
    expect(errors[0]?.message).toBe('must be an e-mail address')
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`
    expect(await refused({ notify: { emails: ['ok@example.com', long] } })).toEqual([
      { path: '/settings/notify/emails/1', message: 'must be at most 254 characters' },
    ])
  })

  it('refuses more than 10 addresses, none, and the same address twice', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `team${i}@example.com`)
    expect(await refused({ notify: { emails: eleven } })).toEqual([
      { path: '/settings/notify/emails', message: 'must list at most 10 addresses' },
    ])
    expect(await refused({ notify: { emails: [] } })).toEqual([
      { path: '/settings/notify/emails', message: 'must list at least one address' },
    ])
    expect(await refused({ notify: {} })).toEqual([
      { path: '/settings/notify/emails', message: 'is required' },
    ])
    const twice = await refused({ notify: { emails: ['a@example.com', 'A@Example.com'] } })
    expect(twice).toEqual([
      { path: '/settings/notify/emails/1', message: 'duplicates the address at index 0' },
    ])
    expect(
      await createMailForm(ctx, {
        notify: { emails: Array.from({ length: 10 }, (_, i) => `t${i}@x.example`) },
      }),
    ).toMatch(/^frm_/)
  })

  it('refuses a confirmation question that is not an email question of the form', async () => {
    expect(await refused({ confirmation: { ...confirmation, question: 'name' } })).toEqual([
      {
        path: '/settings/confirmation/question',
        message: 'must name an email question, not a short_text question',
      },
    ])
    expect(await refused({ confirmation: { ...confirmation, question: 'nope' } })).toEqual([
      { path: '/settings/confirmation/question', message: 'is not a question of this form' },
    ])
  })

  it('checks the confirmation again whenever the definition changes', async () => {
    const id = await createMailForm(ctx, { confirmation })
    const withoutEmail = { ...mailForm, questions: mailForm.questions.filter((q) => q.id !== 'email') }
    const dropped = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${id}`,
      payload: { ...withoutEmail, settings: { confirmation } },
    })
    expect(dropped.statusCode).toBe(400)
    expect(dropped.json().errors).toEqual([
      { path: '/settings/confirmation/question', message: 'is not a question of this form' },
    ])
    const retyped = mailForm.questions.map((q) => (q.id === 'email' ? { ...q, type: 'short_text' } : q))
    const changed = await ctx.request({
      method: 'PUT',
      url: `/v1/forms/${id}`,
      payload: { ...mailForm, questions: retyped, settings: { confirmation } },
    })
    expect(changed.statusCode).toBe(400)
    expect(changed.json().errors[0].path).toBe('/settings/confirmation/question')
    // The form is as it was.
    const form = (await ctx.request({ method: 'GET', url: `/v1/forms/${id}` })).json()
    expect(form.questions.find((q: { id: string }) => q.id === 'email').type).toBe('email')
  })

  it('refuses a subject over one line, placeholders that name nothing, and overlong words', async () => {
    const errors = await refused({
      confirmation: {
        question: 'email',
        subject: 'Thanks\r\nBcc: everyone@example.com',
        message: 'Hello {{name}}, about {{ form_title }} and {{link}}',
      },
    })
    expect(errors).toEqual([
      { path: '/settings/confirmation/subject', message: 'must be one line' },
      {
        path: '/settings/confirmation/message',
        message: '{{name}} names nothing: the only placeholder is {{form_title}}',
      },
      {
        path: '/settings/confirmation/message',
        message: '{{link}} names nothing: the only placeholder is {{form_title}}',
      },
    ])
    const long = await refused({
      confirmation: { ...confirmation, subject: 'x'.repeat(201), message: 'y'.repeat(5001) },
    })
    expect(long).toEqual([
      { path: '/settings/confirmation/subject', message: 'must be at most 200 characters' },
      { path: '/settings/confirmation/message', message: 'must be at most 5000 characters' },
    ])
    expect(await refused({ confirmation: { question: 'email' } })).toEqual([
      { path: '/settings/confirmation/subject', message: 'is required' },
      { path: '/settings/confirmation/message', message: 'is required' },
    ])
  })

  it('are not shown to respondents', async () => {
    const id = await createMailForm(ctx, {
      public: true,
      notify: { emails: ['secret-team@example.com'] },
      confirmation,
    })
    const publicForm = await ctx.request({ method: 'GET', url: `/v1/public/forms/${id}`, token: null })
    expect(publicForm.statusCode).toBe(200)
    expect(publicForm.body).not.toContain('secret-team')
    expect(Object.keys(publicForm.json().settings)).not.toContain('notify')
    expect(Object.keys(publicForm.json().settings)).not.toContain('confirmation')
    const page = await ctx.request({ method: 'GET', url: `/f/${id}`, token: null })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('secret-team')
    expect(page.body).not.toContain('Thanks for')
  })

  it('are in the OpenAPI document', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/v1/openapi.json' })).json()
    const settings =
      doc.paths['/v1/forms'].post.requestBody.content['application/json'].schema.properties.settings
    const notify = settings.properties.notify.anyOf.find(
      (schema: { type?: string }) => schema.type === 'object',
    )
    expect(notify.properties.emails.maxItems).toBe(10)
    const confirm = settings.properties.confirmation.anyOf.find(
      (schema: { type?: string }) => schema.type === 'object',
    )
    expect(Object.keys(confirm.properties).sort()).toEqual(['message', 'question', 'subject'])
  })
})
