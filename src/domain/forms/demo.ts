import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import type { Submission } from '../../shared/forms/answers.js'
import type { FormInput } from '../../shared/forms/definition.js'
import type { DeliverySignal } from '../webhooks/signal.js'
import { createForm } from './forms.js'
import { storeResponses } from './responses/store.js'

// `canvass seed-demo`: a form with every question kind and plausible responses, stored through
// the same code path as API submissions (same items, positions and webhook events).

const demoRows = ['Room', 'Breakfast', 'Check-in']
const demoColumns = ['Poor', 'Fair', 'Good', 'Excellent']
const demoPriorities = ['Price', 'Location', 'Quiet', 'Breakfast']

export const demoForm: FormInput = {
  title: 'Canvass demo: customer survey',
  // Public, so the demo's link answers at once: a first look includes answering it.
  settings: { public: true },
  questions: [
    {
      id: 'name',
      title: 'What is your name?',
      type: 'short_text',
      required: true,
      properties: { max_length: 100 },
    },
    { id: 'story', title: 'Tell us about your visit', type: 'long_text' },
    { id: 'email', title: 'Your e-mail address', type: 'email' },
    { id: 'website', title: 'Your website', type: 'url' },
    { id: 'phone', title: 'Your phone number', type: 'phone_number' },
    {
      id: 'visits',
      title: 'How many times did you visit this year?',
      type: 'number',
      properties: { min: 0, max: 365 },
    },
    { id: 'rating', title: 'Rate the service', type: 'rating', properties: { steps: 5 } },
    {
      id: 'opinion',
      title: 'How easy was booking?',
      type: 'opinion_scale',
      properties: { start: 1, steps: 7 },
    },
    { id: 'nps', title: 'How likely are you to recommend us?', type: 'nps', required: true },
    { id: 'csat', title: 'How satisfied are you overall?', type: 'customer_sat' },
    { id: 'again', title: 'Would you come again?', type: 'yes_no' },
    {
      id: 'channel',
      title: 'How did you hear about us?',
      type: 'multiple_choice',
      properties: { choices: ['Friend', 'Search engine', 'Newspaper', 'Social media'] },
    },
    {
      id: 'extras',
      title: 'Which extras did you use?',
      type: 'multiple_choice',
      properties: { allow_multiple: true, choices: ['Parking', 'Wi-Fi', 'Breakfast', 'Spa'] },
    },
    {
      id: 'city',
      title: 'Where do you live?',
      type: 'dropdown',
      properties: { choices: ['Berlin', 'Hamburg', 'Munich', 'Cologne'] },
    },
    { id: 'visited_on', title: 'When did you visit?', type: 'date' },
    {
      id: 'rooms',
      title: 'How was each part of your stay?',
      type: 'matrix',
      properties: { rows: demoRows, columns: demoColumns },
    },
    {
      id: 'priorities',
      title: 'What matters most to you? Put these in order',
      type: 'ranking',
      properties: { choices: demoPriorities },
    },
    {
      id: 'contact_ok',
      title: 'We may contact you about your answers',
      type: 'consent',
      description: 'Only about this survey, never for advertising.',
    },
    {
      id: 'photo',
      title: 'A photo from your stay, if you like',
      type: 'file_upload',
      properties: { max_size: 5 * 1024 * 1024, types: ['image/*'] },
    },
  ],
  hidden: ['utm_source', 'utm_campaign'],
  variables: [
    {
      name: 'score',
      calculations: [
        { op: 'add', question_id: 'nps' },
        { op: 'add', question_id: 'csat' },
      ],
    },
    {
      name: 'promoter',
      calculations: [
        { op: 'set', question_id: 'nps' },
        { op: 'subtract', value: 8 },
      ],
    },
  ],
}

const firstNames = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Emma',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemal',
  'Lena',
]
const lastNames = ['Müller', 'Schmidt', 'Okafor', 'Nguyen', 'Rossi', 'Kowalski', 'Silva', 'Berg']
const stories = [
  'Friendly staff and a quiet room.',
  'Check-in took a while, but the breakfast made up for it.',
  'Great location, I walked everywhere.',
  'The spa was closed on Sunday, which was a pity.',
]

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1))
const sometimes = () => Math.random() < 0.8

export function demoSubmission(): Submission {
  const first = pick(firstNames)
  const last = pick(lastNames)
  const answers: Record<string, unknown> = { name: `${first} ${last}`, nps: between(0, 10) }
  if (sometimes()) answers['story'] = pick(stories)
  if (sometimes())
    answers['email'] = `${first
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.${between(1, 999)}@example.com`
  if (Math.random() < 0.3) answers['website'] = `https://example.org/${between(1, 9999)}`
  if (sometimes()) answers['phone'] = `+49151${between(1000000, 9999999)}`
  if (sometimes()) answers['visits'] = between(0, 40)
  if (sometimes()) answers['rating'] = between(1, 5)
  if (sometimes()) answers['opinion'] = between(1, 7)
  if (sometimes()) answers['csat'] = between(1, 5)
  if (sometimes()) answers['again'] = Math.random() < 0.7
  if (sometimes()) answers['channel'] = pick(['Friend', 'Search engine', 'Newspaper', 'Social media'])
  if (sometimes())
    answers['extras'] = ['Parking', 'Wi-Fi', 'Breakfast', 'Spa']
      .filter(() => Math.random() < 0.4)
      .concat('Wi-Fi')
      .filter((v, i, all) => all.indexOf(v) === i)
  if (sometimes()) answers['city'] = pick(['Berlin', 'Hamburg', 'Munich', 'Cologne'])
  if (sometimes())
    answers['visited_on'] =
      `2026-${String(between(1, 10)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`
  if (sometimes()) answers['rooms'] = Object.fromEntries(demoRows.map((row) => [row, pick(demoColumns)]))
  if (sometimes()) answers['priorities'] = [...demoPriorities].sort(() => Math.random() - 0.5)
  if (sometimes()) answers['contact_ok'] = Math.random() < 0.6
  const hidden: Record<string, string> = {}
  if (sometimes()) hidden['utm_source'] = pick(['newsletter', 'google', 'instagram'])
  if (Math.random() < 0.5) hidden['utm_campaign'] = pick(['spring', 'summer', 'autumn'])
  return { answers, hidden }
}

/** Responses per transaction: large enough to make 100,000 quick on SQLite, small enough to keep locks short. */
const BATCH = 5000

export async function seedDemo(
  database: Database,
  clock: Clock,
  signal: DeliverySignal,
  workspaceId: string,
  responses: number,
  onProgress: (stored: number) => void = () => undefined,
): Promise<string> {
  const form = await createForm(database.db, clock, workspaceId, demoForm)
  for (let stored = 0; stored < responses; ) {
    const size = Math.min(BATCH, responses - stored)
    const submissions = Array.from({ length: size }, demoSubmission)
    await database.transaction(async (trx) => {
      const outcomes = await storeResponses(trx, clock, signal, { workspaceId, formId: form.id, submissions })
      for (const outcome of outcomes ?? []) if ('refused' in outcome) throw outcome.refused
    })
    stored += size
    onProgress(stored)
  }
  return form.id
}
