import { describe, expect, it } from 'vitest'
import { richForm } from '../flow/fixtures.js'
import { useTestContext } from '../support/context.js'
import { testBackend } from '../support/databases.js'
import { contactList, invite, newLinkToken, recipientRow } from '../support/recipients.js'
import { createForm, hiddenInputs, listed, onePageForm, respondentAt } from './links-support.js'

// docs/api.md#personal-links: /i/{token} opens an invitation's form for its recipient, public or
// not, fills hidden fields from the contact, takes one response (then 410) and links it to the
// contact. Requests from one address are not limited here (personal-links-guesses.test.ts is).

const ctx = useTestContext({ publicRateLimit: 0, linkRateLimit: 0 })

const ada = { name: 'Ada Lovelace', email: 'Ada@Example.com', data: { team: 'engines', source: 'crm' } }
const bob = { name: 'Bob', email: 'bob@example.com' }

describe(`personal links (${testBackend})`, () => {
  it('open a form that is not public, with hidden fields filled from the contact, and mark it opened', async () => {
    const formId = await createForm(ctx, onePageForm())
    expect((await ctx.app.inject({ method: 'GET', url: `/f/${formId}` })).statusCode).toBe(404)
    const [recipient] = await invite(ctx, formId, await contactList(ctx, [ada]))
    if (!recipient) throw new Error('no recipient')
    expect((await recipientRow(ctx, recipient.id)).status).toBe('sent')

    const page = await respondentAt(ctx, recipient.link).open(`${recipient.link}?source=mail&team=x`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<h1 dir="auto">Staff survey</h1>')
    expect(page.body).toContain(`action="${recipient.link}"`)
    // The contact's values stand over the query string's; a name the contact lacks stays unset.
    expect(hiddenInputs(page.body)).toEqual({
      email: 'Ada@Example.com',
      name: 'Ada Lovelace',
      team: 'engines',
      source: 'crm',
    })
    // A personal link is not for framing by other sites, unlike /f pages.
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const opened = await recipientRow(ctx, recipient.id)
    expect(opened.status).toBe('opened')
    expect(opened.opened_at).not.toBeNull()
    // Opened again: the first time stays.
    await respondentAt(ctx, recipient.link).open()
    expect((await recipientRow(ctx, recipient.id)).opened_at).toBe(opened.opened_at)
  })

  it('store one response linked to the contact, with the contact’s hidden values however the post is changed', async () => {
    const formId = await createForm(ctx, onePageForm())
    const list = await contactList(ctx, [ada, bob])
    const [first, second] = await invite(ctx, formId, list)
    if (!first || !second) throw new Error('no recipients')
    const person = respondentAt(ctx, first.link)

    const invalid = await person.submit([['mood', '']])
    expect(invalid.statusCode).toBe(422)
    expect(invalid.body).toContain('How are you?: Required')
    expect(invalid.body).toContain(`action="${first.link}"`)
    expect(hiddenInputs(invalid.body)['email']).toBe('Ada@Example.com')
    expect(await listed(ctx, formId)).toEqual([])

    const sent = await person.submit([
      ['mood', 'Fine'],
      ['hidden:email', 'someone-else@example.com'],
      ['hidden:team', 'forged'],
    ])
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe(`${first.link}/thanks`)
    const thanks = await person.open(sent.headers.location as string)
    expect(thanks.statusCode).toBe(200)
    expect(thanks.body).toContain('Your answers have been sent.')

    const [response] = await listed(ctx, formId)
    expect(response?.hidden).toEqual([
      { name: 'email', value: 'Ada@Example.com' },
      { name: 'name', value: 'Ada Lovelace' },
      { name: 'team', value: 'engines' },
      { name: 'source', value: 'crm' },
    ])
    const completed = await recipientRow(ctx, first.id)
    expect(completed).toMatchObject({
      status: 'completed',
      response_id: response?.id,
      next_reminder_at: null,
    })
    expect(completed.completed_at).not.toBeNull()
    // The other recipient is untouched.
    expect((await recipientRow(ctx, second.id)).status).toBe('sent')
  })

  it('answer 410 once used, with a page saying so, to every GET and post', async () => {
    const formId = await createForm(ctx, onePageForm())
    const [recipient] = await invite(ctx, formId, await contactList(ctx, [ada]))
    if (!recipient) throw new Error('no recipient')
    const person = respondentAt(ctx, recipient.link)
    expect((await person.submit([['mood', 'Fine']])).statusCode).toBe(303)

    for (const response of [
      await person.open(),
      await person.open(`${recipient.link}/p/anything`),
      await person.submit([['mood', 'Again']]),
      await respondentAt(ctx, recipient.link).submit([['mood', 'From elsewhere']]),
    ]) {
      expect(response.statusCode).toBe(410)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body).toContain('<title>Already answered</title>')
      expect(response.body).toContain('This link has already been used to answer')
      // Nothing of the form or the person.
      expect(response.body).not.toContain('Staff survey')
      expect(response.body).not.toContain('Ada')
    }
    expect(await listed(ctx, formId)).toHaveLength(1)
    expect((await recipientRow(ctx, recipient.id)).status).toBe('completed')
  })

  it('take exactly one response of posts sent at once (the others get the 410 page)', async () => {
    const formId = await createForm(ctx, onePageForm())
    const [recipient] = await invite(ctx, formId, await contactList(ctx, [ada]))
    if (!recipient) throw new Error('no recipient')
    // Every tab opened the form before any sent it.
    const tabs = Array.from({ length: 6 }, () => respondentAt(ctx, recipient.link))
    const answers = await Promise.all(tabs.map((tab, index) => tab.submit([['mood', `Tab ${index}`]])))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([303, 410, 410, 410, 410, 410])
    for (const answer of answers.filter((each) => each.statusCode === 410))
      expect(answer.body).toContain('This link has already been used to answer')
    const stored = await listed(ctx, formId)
    expect(stored).toHaveLength(1)
    expect((await recipientRow(ctx, recipient.id)).response_id).toBe(stored[0]?.id)
  })

  it('answer 404 with a page for unknown and malformed tokens', async () => {
    for (const url of [
      `/i/${newLinkToken()}`,
      '/i/short',
      `/i/${newLinkToken()}x`,
      `/i/${'%E2%9C%93'.repeat(8)}`,
      `/i/${newLinkToken()}/p/intro`,
      `/i/${newLinkToken()}/thanks`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.body).toContain('This link does not open a form')
    }
    const post = await respondentAt(ctx, `/i/${newLinkToken()}`).submit([['mood', 'Hi']])
    expect(post.statusCode).toBe(404)
  })

  it('follow closes_at and max_responses with the closed page', async () => {
    const past = '2020-01-01T00:00:00Z'
    const closedId = await createForm(ctx, onePageForm({ closes_at: past, closed_message: 'Over, thanks.' }))
    const [late] = await invite(ctx, closedId, await contactList(ctx, [ada]))
    const fullId = await createForm(ctx, onePageForm({ max_responses: 1 }))
    const [lucky, unlucky] = await invite(ctx, fullId, await contactList(ctx, [ada, bob]))
    if (!late || !lucky || !unlucky) throw new Error('no recipients')

    for (const response of [
      await respondentAt(ctx, late.link).open(),
      await respondentAt(ctx, late.link).submit([['mood', 'x']]),
    ]) {
      expect(response.statusCode).toBe(410)
      expect(response.body).toContain('Over, thanks.')
    }
    expect((await recipientRow(ctx, late.id)).status).toBe('sent')

    const before = respondentAt(ctx, unlucky.link)
    expect((await before.open()).statusCode).toBe(200)
    expect((await respondentAt(ctx, lucky.link).submit([['mood', 'First']])).statusCode).toBe(303)
    // Full now: the page opened before is refused when sent, and the link shows the closed page.
    const refused = await before.submit([['mood', 'Second']])
    expect(refused.statusCode).toBe(410)
    expect(refused.body).toContain('This form is closed and no longer accepts answers.')
    expect((await before.open()).statusCode).toBe(410)
    expect(await listed(ctx, fullId)).toHaveLength(1)
    expect((await recipientRow(ctx, unlucky.id)).status).toBe('opened')
  })

  it('walk a form of several pages through a draft, and its completion completes the recipient', async () => {
    const formId = await createForm(ctx, {
      ...richForm,
      hidden: ['source', 'email'],
      settings: { public: false },
    })
    const [recipient, other] = await invite(ctx, formId, await contactList(ctx, [ada, bob]))
    if (!recipient || !other) throw new Error('no recipients')
    const person = respondentAt(ctx, recipient.link)
    const first = await person.open()
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain(`action="${recipient.link}"`)
    expect(hiddenInputs(first.body)).toEqual({ source: 'crm', email: 'Ada@Example.com' })
    expect((await recipientRow(ctx, recipient.id)).status).toBe('opened')

    const next = await person.page('intro', [
      ['name', 'Ada'],
      ['travelled', 'true'],
      ['hidden:email', 'forged@example.com'],
    ])
    expect(next.statusCode).toBe(303)
    expect(next.headers.location).toBe(`${recipient.link}/p/trip`)
    // The draft's cookie is the link's alone.
    expect(next.headers['set-cookie']).toMatch(
      new RegExp(
        `^canvass_draft=cvd_[A-Za-z0-9_-]{22}; Path=${recipient.link}; Max-Age=\\d+; HttpOnly; SameSite=Lax$`,
      ),
    )
    const trip = await person.open(next.headers.location as string)
    expect(trip.statusCode).toBe(200)
    expect(trip.body).toContain('About your trip, Ada')
    // Another recipient's link does not open this draft, even with its cookie.
    const cookie = person.jar.header(recipient.link) as string
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `${other.link}/p/trip`,
      headers: { cookie },
    })
    expect(elsewhere.statusCode).toBe(303)
    expect(elsewhere.headers.location).toBe(`${other.link}/p/intro`)
    // Nor does the form's own resume route, nor the public drafts API.
    const token = /canvass_draft=([^;]+)/.exec(cookie)?.[1] as string
    const publicApi = await ctx.app.inject({ method: 'POST', url: `/v1/public/drafts/${token}/complete` })
    expect(publicApi.statusCode).toBe(404)
    expect((await recipientRow(ctx, recipient.id)).status).toBe('opened')

    const later = await person.page('trip', [['rating', '5']], 'later')
    expect(later.statusCode).toBe(200)
    expect(later.body).toMatch(new RegExp(`${recipient.link}/r/cvd_[A-Za-z0-9_-]{22}`))
    expect(later.body).toContain(`href="${recipient.link}"`)

    const stay = await person.page('trip', [['rating', '5']])
    expect(stay.headers.location).toBe(`${recipient.link}/p/stay`)
    const done = await person.page('stay', [['nights', '1']])
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(`${recipient.link}/thanks?ending=happy`)
    const thanks = await person.open(done.headers.location as string)
    expect(thanks.body).toContain('Glad you liked it, Ada!')

    const [response] = await listed(ctx, formId)
    expect(response?.hidden).toEqual([
      { name: 'source', value: 'crm' },
      { name: 'email', value: 'Ada@Example.com' },
    ])
    const completed = await recipientRow(ctx, recipient.id)
    expect(completed).toMatchObject({ status: 'completed', response_id: response?.id })
    expect((await person.open()).statusCode).toBe(410)
    expect((await person.page('intro', [['name', 'Ada']])).statusCode).toBe(410)
  })

  it('complete a form of several pages once when two devices finish at once', async () => {
    const formId = await createForm(ctx, { ...richForm, settings: { public: false } })
    const [recipient] = await invite(ctx, formId, await contactList(ctx, [ada]))
    if (!recipient) throw new Error('no recipient')
    const devices = [respondentAt(ctx, recipient.link), respondentAt(ctx, recipient.link)]
    for (const device of devices) {
      const intro = await device.page('intro', [
        ['name', 'Ada'],
        ['travelled', 'true'],
      ])
      expect(intro.statusCode).toBe(303)
      expect((await device.page('trip', [['rating', '4']])).headers.location).toBe(`${recipient.link}/p/stay`)
    }
    const finished = await Promise.all(devices.map((device) => device.page('stay', [['nights', '2']])))
    expect(finished.map((response) => response.statusCode).sort()).toEqual([303, 410])
    expect(finished.find((response) => response.statusCode === 410)?.body).toContain(
      'This link has already been used to answer',
    )
    expect(await listed(ctx, formId)).toHaveLength(1)
  })

  it('list the contact’s responses, newest first, in GET /v1/contacts/{id}', async () => {
    const list = await contactList(ctx, [ada])
    const contactId = list.contacts[0]?.id as string
    const none = await ctx.request({ method: 'GET', url: `/v1/contacts/${contactId}` })
    expect(none.statusCode).toBe(200)
    expect(none.json()).toMatchObject({ id: contactId, email: 'Ada@Example.com', responses: [] })

    const formIds = [await createForm(ctx, onePageForm()), await createForm(ctx, onePageForm())]
    for (const formId of formIds) {
      const [recipient] = await invite(ctx, formId, list)
      expect((await respondentAt(ctx, recipient?.link as string).submit([['mood', 'Fine']])).statusCode).toBe(
        303,
      )
    }
    const [older, newer] = await Promise.all(formIds.map(async (formId) => (await listed(ctx, formId))[0]))
    const detail = await ctx.request({ method: 'GET', url: `/v1/contacts/${contactId}` })
    expect(detail.json().responses).toEqual([
      { form_id: formIds[1], response_id: newer?.id, submitted_at: newer?.submitted_at },
      { form_id: formIds[0], response_id: older?.id, submitted_at: older?.submitted_at },
    ])
    // Another workspace sees no such contact.
    const other = await ctx.request({
      method: 'GET',
      url: `/v1/contacts/${contactId}`,
      token: ctx.otherToken,
    })
    expect(other.statusCode).toBe(404)
    // A response deleted is no longer listed.
    await ctx.request({
      method: 'DELETE',
      url: `/v1/forms/${formIds[1]}/responses?included_response_ids=${newer?.id}`,
    })
    const after = await ctx.request({ method: 'GET', url: `/v1/contacts/${contactId}` })
    expect(after.json().responses.map((each: { response_id: string }) => each.response_id)).toEqual([
      older?.id,
    ])
  })
})
