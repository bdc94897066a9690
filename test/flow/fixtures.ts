// A four-page form with every part of the flow: jumps, a show rule, a question required by a
// rule, a variable calculated (and divided), recall in titles, and two endings. Paths:
// intro -> trip -> stay -> end, or intro -> not_travelled when `travelled` is false.

export const richForm = {
  title: 'Trip feedback',
  questions: [
    { id: 'name', title: 'Your name?', type: 'short_text', required: true },
    { id: 'travelled', title: 'Did you travel with us, {{question:name}}?', type: 'yes_no', required: true },
    { id: 'rating', title: 'How was the trip?', type: 'rating', required: true },
    {
      id: 'issues',
      title: 'What went wrong?',
      type: 'multiple_choice',
      properties: { choices: ['Delay', 'Food', 'Seat'], allow_multiple: true },
    },
    { id: 'details', title: 'Tell us about the food', type: 'long_text' },
    { id: 'nights', title: 'Nights away', type: 'number', properties: { min: 0, max: 60 } },
    { id: 'when', title: 'When did you leave?', type: 'date' },
    { id: 'why', title: 'Why not?', type: 'dropdown', properties: { choices: ['Price', 'Time', 'Other'] } },
  ],
  hidden: ['source'],
  variables: [{ name: 'score', initial: 0 }],
  pages: [
    { id: 'intro', title: 'Hello', questions: ['name', 'travelled'] },
    { id: 'trip', title: 'About your trip, {{question:name}}', questions: ['rating', 'issues', 'details'] },
    { id: 'stay', questions: ['nights', 'when'] },
    { id: 'not_travelled', questions: ['why'] },
  ],
  logic: [
    { if: { question: 'travelled', op: 'equals', value: false }, then: [{ jump_to: 'not_travelled' }] },
    {
      if: { question: 'issues', op: 'includes', value: 'Food' },
      then: [{ show: 'details' }, { require: 'details' }],
    },
    {
      if: { question: 'rating', op: 'answered' },
      then: [{ calculate: { variable: 'score', op: 'set', question: 'rating' } }],
    },
    {
      if: { question: 'nights', op: 'answered' },
      then: [{ calculate: { variable: 'score', op: 'divide', question: 'nights' } }],
    },
    {
      if: {
        all: [
          { variable: 'score', op: 'at_least', value: 4 },
          { not: { hidden: 'source', op: 'equals', value: 'test' } },
        ],
      },
      then: [{ set_ending: 'happy' }, { jump_to: 'end' }],
    },
    { if: { question: 'rating', op: 'less_than', value: 3 }, then: [{ set_ending: 'sorry' }] },
    // Whoever reaches the stay page ends after it.
    { page: 'stay', if: { all: [] }, then: [{ jump_to: 'end' }] },
  ],
  endings: [
    { id: 'happy', title: 'Glad you liked it, {{question:name}}!', message: 'Score {{variable:score}}' },
    { id: 'sorry', title: 'Sorry about {{question:issues}}', redirect_url: 'https://example.com/sorry' },
  ],
}
