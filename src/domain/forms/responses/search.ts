import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Answer, ResponseItem } from '../../../shared/forms/answers.js'

// Search in text answers (the listing's, the export's and the insights' `query`): each response's
// searchable text is folded once, at write time, into response_search, and a query folded the same
// way is matched with LIKE on both databases. Folding in JavaScript, not SQL, because SQLite's
// lower() knows only ASCII: case, accents and ß are then treated alike on SQLite and PostgreSQL.

/** Answer types whose values are searched; a choice's label, choices' labels, and hidden values too. */
const TEXT_TYPES = new Set(['text', 'email', 'url', 'phone_number'])

/**
 * Lower case, accents (combining marks after NFKD) removed and ß as ss: "MÜLLER", "Müller" and
 * "muller" fold alike, as "STRASSE" and "Straße" do.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replaceAll('ß', 'ss')
    .replaceAll('\u0000', '')
}

function answerTexts(answer: Answer): string[] {
  const value = answer[answer.type]
  if (TEXT_TYPES.has(answer.type) && typeof value === 'string') return [value]
  if (answer.type === 'choice') return [(value as { label: string }).label]
  if (answer.type === 'choices') return (value as { labels: string[] }).labels
  // A matrix's chosen columns are its labels; a ranking holds every label, so none tells it apart.
  if (answer.type === 'matrix') return Object.values(value as Record<string, string>)
  return []
}

/**
 * What a search looks in, folded: text-like answers, choice labels and hidden values, one a line,
 * so a query (which holds no line break) never matches across two of them. Empty when none.
 */
export function searchTextOf(item: ResponseItem): string {
  const texts = [...item.answers.flatMap(answerTexts), ...item.hidden.map((field) => field.value)]
  return foldForSearch(texts.filter((text) => text !== '').join('\n'))
}

/** A LIKE pattern for "contains `query`", its own `%`, `_` and `\` matched as themselves. */
export function searchPattern(query: string): string {
  return `%${foldForSearch(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** `<column> in (responses of the form whose text matches)`, for Kysely's where and for raw SQL. */
export function matchesSearch(idColumn: string, formId: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(idColumn)} in (select response_id from response_search
    where form_id = ${formId} and search_text like ${pattern} escape ${sql.raw("'\\'")})`
}
