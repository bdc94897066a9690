import Sqlite from 'better-sqlite3'

// The submission both submit and webhook-e2e post: 8 answers to the demo form of seed-demo.

export const eightAnswers = JSON.stringify({
  answers: {
    name: 'Ada Berg',
    email: 'ada.berg@example.com',
    visits: 3,
    rating: 4,
    nps: 9,
    again: true,
    channel: 'Friend',
    city: 'Berlin',
  },
  hidden: { utm_source: 'newsletter' },
})

/** A consistent copy of a live SQLite database (VACUUM INTO is safe while Canvass runs on it). */
export function copySqlite(from: string, to: string): void {
  const db = new Sqlite(from, { readonly: true })
  try {
    db.prepare('vacuum into ?').run(to)
  } finally {
    db.close()
  }
}
