// The mail both sides of mail-send send: an invitation-sized notification with a text and an HTML
// part and the List-Unsubscribe headers, as Canvass composes them.

export const BENCH_FROM = 'Surveys <surveys@example.com>'

export function benchMail(index: number) {
  const link = `https://forms.example.com/i/${String(index).padStart(22, '0')}`
  const text = `Hello Person ${index},\n\nWe would like to hear what you think. It takes two minutes:\n${link}\n\nThank you!\n`
  return {
    from: BENCH_FROM,
    to: `person${index}@example.com`,
    subject: `Tell us what you think, Person ${index}`,
    text: text.repeat(3),
    html: `<p>Hello Person ${index},</p><p>We would like to hear what you think. It takes two minutes: <a href="${link}">${link}</a></p><p>Thank you!</p>`.repeat(
      3,
    ),
    headers: {
      'List-Unsubscribe': `<https://forms.example.com/u/${String(index).padStart(22, '0')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
