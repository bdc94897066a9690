// Insight figures per form and time bucket (src/domain/insights). Timestamps are integer microseconds.

export type InsightLevel = 'all' | 'day' | 'six_hours' | 'hour' | 'ten_minutes' | 'minute'

export interface InsightBucketsTable {
  form_id: string
  level: InsightLevel
  /** Start of the bucket in microseconds (0 for `all`). */
  bucket: number
  responses: number
  /** The bucket's figures as JSON text (src/domain/insights/figures.ts). */
  figures: string
}

/**
 * Each response's own figures (src/domain/insights/figures.ts), computed once, at write time. A
 * response stored before they were kept has none until the rebuild of its form fills them.
 */
export interface ResponseFiguresTable {
  response_id: string
  /** As JSON text, as buckets store theirs. */
  figures: string
}

/** Forms whose buckets must be rebuilt from their responses before they are read. */
export interface InsightRebuildsTable {
  form_id: string
}

/** Each text-like answer of a response (short_text, long_text, email, url, phone_number), for a question's latest answers. */
export interface TextAnswersTable {
  response_id: string
  question_id: string
  form_id: string
  /** The response's, in microseconds. */
  submitted_at: number
  value: string
}

/**
 * Each draft, for the funnel (docs/api.md#insights; responses submitted in one go are counted by
 * their own figures). Kept when the draft is deleted by retention; gone with its response.
 */
export interface FunnelEntriesTable {
  id: string
  form_id: string
  /** When the draft started (µs): the buckets it counts in. */
  started_at: number
  /** The response it completed in; null while it is a draft. */
  response_id: string | null
  /** JSON array of the page ids its path reached. */
  pages: string
}

/** Sums of funnel entries per form, time bucket of their start and key (`started`, `completed`, `page:<id>`). */
export interface FunnelCountsTable {
  form_id: string
  level: InsightLevel
  bucket: number
  key: string
  count: number
}

export interface InsightsTables {
  funnel_entries: FunnelEntriesTable
  funnel_counts: FunnelCountsTable
  insight_buckets: InsightBucketsTable
  insight_rebuilds: InsightRebuildsTable
  response_figures: ResponseFiguresTable
  text_answers: TextAnswersTable
}
