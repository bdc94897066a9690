import { type TSchema, Type } from 'typebox'
import { CHOICE_LABEL_MAX } from '../../../shared/forms/definition.js'
import { LANGUAGES_MAX, type Translation } from '../../../shared/forms/translations.js'
import { sharedSchema } from '../../validation.js'

// A form's languages and translations (docs/api.md#languages) as the API takes and answers them.
// The component `Translation` is shared by validation, the serialiser and the OpenAPI document.

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }))
const byId = <T extends Parameters<typeof Type.Record>[1]>(value: T, max: number, description: string) =>
  Type.Optional(
    Type.Record(Type.String({ minLength: 1, maxLength: 64 }), value, { maxProperties: max, description }),
  )

export const TranslationSchema: TSchema = sharedSchema<TSchema>(
  Type.Object(
    {
      title: text(1000),
      questions: byId(
        Type.Object(
          {
            title: text(1000),
            description: text(2000),
            choices: Type.Optional(
              Type.Record(
                Type.String({ maxLength: CHOICE_LABEL_MAX }),
                Type.String({ maxLength: CHOICE_LABEL_MAX }),
                {
                  maxProperties: 300,
                  description:
                    'By source label: a choice’s, a matrix row’s or column’s, a ranked item’s. Answers still name the source label.',
                },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        500,
        'By question id.',
      ),
      pages: byId(Type.Object({ title: text(1000) }, { additionalProperties: false }), 50, 'By page id.'),
      endings: byId(
        Type.Object({ title: text(200), message: text(2000) }, { additionalProperties: false }),
        20,
        'By ending id.',
      ),
      thank_you: Type.Optional(
        Type.Object({ title: text(200), message: text(2000) }, { additionalProperties: false }),
      ),
      closed_message: text(2000),
    },
    {
      $id: 'Translation',
      additionalProperties: false,
      description:
        'What a respondent reads in one language; anything left out is shown in the source language and listed in `translation_gaps`.',
    },
  ),
)

const Tag = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
  description: 'A BCP 47 language tag: `de`, `pt-BR`.',
})

/** The fields of a definition as written: each optional. */
export const TranslationBodyFields = {
  languages: Type.Optional(
    Type.Array(Tag, {
      maxItems: LANGUAGES_MAX,
      description:
        'The form’s languages, its source (the language of its own fields) first. The hosted page speaks `?lang=`, else the best for `Accept-Language`, else the source.',
    }),
  ),
  translations: Type.Optional(
    Type.Record(Tag, Type.Unsafe<Translation>({ $ref: 'Translation#' }), {
      maxProperties: LANGUAGES_MAX,
      description: 'By language, each of `languages` after the source.',
    }),
  ),
}

export const TranslationGap = Type.Object(
  {
    language: Type.String(),
    path: Type.String({
      description: 'Where the missing text goes in `translations[language]`: `/questions/q_1/title`.',
    }),
    source: Type.String({ description: 'The text to translate, in the source language.' }),
  },
  { additionalProperties: false },
)

/** The fields of a form as answered: as written, and what its translations miss. */
export const TranslationFields = {
  ...TranslationBodyFields,
  translation_gaps: Type.Optional(
    Type.Array(TranslationGap, {
      description:
        'Only on a single form’s answer (create, get, replace) of a form of several languages: every string a respondent can see that a language after the source does not translate yet. Saved all the same.',
    }),
  ),
}
