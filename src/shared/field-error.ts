/** One invalid value of a request: where it is and what is wrong with it. */
export interface FieldError {
  /** JSON pointer to the offending place, e.g. `/contacts/3/email`. */
  path: string
  message: string
}
