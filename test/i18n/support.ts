import { LOCALES } from '../../src/shared/i18n/locales.js'

// What the language tests share: a form translated into every language Canvass ships.

/** A translation of every visible string: `⟦de 3⟧`, no word of English in it. */
export function translated(
  form: { questions: { id: string; description?: string; properties?: object }[] },
  pages: string[] = [],
) {
  const translations: Record<string, object> = {}
  for (const lang of LOCALES.filter((locale) => locale !== 'en')) {
    let n = 0
    const mark = () => `⟦${lang} ${++n}⟧`
    translations[lang] = {
      title: mark(),
      questions: Object.fromEntries(
        form.questions.map((question) => {
          const p = (question.properties ?? {}) as Record<string, (string | { label: string })[] | undefined>
          const labels = [...(p['choices'] ?? []), ...(p['rows'] ?? []), ...(p['columns'] ?? [])].map(
            (label) => (typeof label === 'string' ? label : label.label),
          )
          return [
            question.id,
            {
              title: mark(),
              ...(question.description ? { description: mark() } : {}),
              choices: Object.fromEntries(labels.map((label) => [label, mark()])),
            },
          ]
        }),
      ),
      pages: Object.fromEntries(pages.map((id) => [id, { title: mark() }])),
      thank_you: { title: mark(), message: mark() },
      closed_message: mark(),
    }
  }
  return translations
}
