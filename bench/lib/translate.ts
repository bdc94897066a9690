import {
  type Translatable,
  type Translation,
  translationSlots,
  withTranslated,
} from '../../src/shared/forms/translations.js'

// A translated page for the page benches (issue 31: the form-page and flow-page targets hold for a
// translated page): every string a respondent reads translated into German, as long as its source.

/** `languages` and `translations` making `form` a form in English and German, German complete. */
export function germanToo(form: Translatable & { title: string }): {
  languages: string[]
  translations: Record<string, Translation>
} {
  let de: Translation = {}
  for (const slot of translationSlots(form)) de = withTranslated(de, slot.path, `DE ${slot.source}`)
  return { languages: ['en', 'de'], translations: { de } }
}
