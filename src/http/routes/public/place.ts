// Where a hosted form is answered (docs/api.md#hosted-form-pages): its own pages, `/f/{form_id}`,
// or one recipient's personal link, `/i/{token}` (docs/api.md#personal-links). Its pages, posts,
// drafts' cookie and resume links are all under `base`.
export interface AnswerPlace {
  /** `/f/{form_id}` or `/i/{token}`. */
  base: string
  /** The personal link's recipient: a draft started here is theirs, and only here. */
  recipientId?: string
  /** Hidden values the place fills (a link's contact), over the query's and what a post carries. */
  hidden: Record<string, string>
}

/** The form's own pages. */
export function formPlace(formId: string): AnswerPlace {
  return { base: `/f/${formId}`, hidden: {} }
}
