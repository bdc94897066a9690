/** One invalid value of a request: where it is and what is wrong with it. */
export interface FieldError {
  /** JSON pointer to the offending place, e.g. `/contacts/3/email`. */
  path: string
  message: string
  /**
   * What kind of problem, where a client may act on it: `missing` (a required answer is not
   * given) and `not_on_path` (an answer to a question the form's flow does not reach).
   */
  code?: 'missing' | 'not_on_path'
}
