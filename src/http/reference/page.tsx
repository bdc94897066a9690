import type { ComponentChildren } from 'preact'
import { renderToString } from 'preact-render-to-string'
import type { Body, Field, NamedSchema, Reference, ReferenceOperation, TypeName } from './document.js'

// The API reference page (/docs): server-rendered from the OpenAPI document, one stylesheet, no
// script, nothing from another origin. Text is escaped by the renderer; descriptions know only
// paragraphs and `code`, all the Markdown the document uses.

const schemaId = (name: string) => `schema-${name}`

/** Paragraphs split on blank lines; `backticks` become code. */
function Prose(props: { text: string | undefined }) {
  if (!props.text) return null
  return (
    <>
      {props.text.split(/\n{2,}/).map((paragraph) => (
        <p>
          <Inline text={paragraph} />
        </p>
      ))}
    </>
  )
}

function Inline(props: { text: string }) {
  return (
    <>{props.text.split(/`([^`]+)`/).map((part, index) => (index % 2 === 1 ? <code>{part}</code> : part))}</>
  )
}

function Type(props: { type: TypeName }): preact.JSX.Element {
  const { type } = props
  if ('text' in type) return <>{type.text}</>
  if ('schema' in type) return <a href={`#${schemaId(type.schema)}`}>{type.schema}</a>
  if ('list' in type)
    return (
      <>
        array of <Type type={type.list} />
      </>
    )
  return (
    <>
      {type.either.map((choice, index) => (
        <>
          {index > 0 && (index === type.either.length - 1 ? ' or ' : ', ')}
          <Type type={choice} />
        </>
      ))}
    </>
  )
}

/** `a.b[].c` may wrap after each dot, never inside a name. */
function FieldName(props: { name: string }) {
  const parts = props.name.split('.')
  return (
    <>
      {parts.map((part, index) => (
        <>
          {part}
          {index < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </>
      ))}
    </>
  )
}

function Fields(props: { caption: string; fields: Field[] }) {
  return (
    <div class="table-wrap">
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {props.fields.map((field) => (
            <tr>
              <th scope="row" class={`field depth-${Math.min(field.depth, 4)}`}>
                <code>
                  <FieldName name={field.name} />
                </code>
                {(field.required || field.location) && (
                  <span class="required">
                    {[field.required && 'required', field.location && `in ${field.location}`]
                      .filter(Boolean)
                      .join(', ')}
                  </span>
                )}
              </th>
              <td class="type">
                <Type type={field.type} />
              </td>
              <td>
                <Prose text={field.description} />
                {field.rules.length > 0 && (
                  <ul class="rules">
                    {field.rules.map((rule) => (
                      <li>{rule}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function BodyFields(props: { label: string; body: Body }) {
  const { body } = props
  return (
    <>
      <p class="body-type">
        <code>{body.mediaType}</code>, <Type type={body.type} />
      </p>
      {body.fields.length > 0 && <Fields caption={`${props.label} fields`} fields={body.fields} />}
    </>
  )
}

function Operation(props: { operation: ReferenceOperation }) {
  const { operation } = props
  const success = operation.responses.filter((response) => response.status.startsWith('2'))
  return (
    <section class="operation" id={operation.id} aria-labelledby={`${operation.id}-title`}>
      <h3 id={`${operation.id}-title`}>
        <a href={`#${operation.id}`}>{operation.summary}</a>
      </h3>
      <p class="endpoint">
        <span class={`method ${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
        <code>{operation.path}</code>
        {operation.public && <span class="public">no token needed</span>}
      </p>
      <Prose text={operation.description} />
      {operation.parameters.length > 0 && <Fields caption="Parameters" fields={operation.parameters} />}
      {operation.requestBody && (
        <>
          <h4>Request body{operation.requestBody.required ? '' : ' (optional)'}</h4>
          <Prose text={operation.requestBody.description} />
          <BodyFields label="Request body" body={operation.requestBody} />
        </>
      )}
      <div class="table-wrap">
        <table class="responses">
          <caption>Responses</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Description</th>
              <th scope="col">Body</th>
            </tr>
          </thead>
          <tbody>
            {operation.responses.map((response) => (
              <tr>
                <th scope="row">
                  <code>{response.status}</code>
                </th>
                <td>
                  <Prose text={response.description} />
                </td>
                <td class="type">
                  {response.bodies.map((body) => (
                    <p>
                      <Type type={body.type} /> <span class="media">({body.mediaType})</span>
                    </p>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {operation.commonErrors.length > 0 && (
        <p class="errors">
          Errors, as problem documents:{' '}
          {operation.commonErrors.map((status, index) => (
            <>
              {index > 0 && ', '}
              <a href={`#error-${status}`}>{status}</a>
            </>
          ))}
        </p>
      )}
      {success.flatMap((response) =>
        response.bodies
          .filter((body) => body.fields.length > 0)
          .map((body) => (
            <>
              <h4>Response {response.status}</h4>
              <BodyFields label={`Response ${response.status}`} body={body} />
            </>
          )),
      )}
    </section>
  )
}

function SchemaSection(props: { schema: NamedSchema }) {
  const { schema } = props
  return (
    <section class="schema" id={schemaId(schema.name)} aria-labelledby={`${schemaId(schema.name)}-title`}>
      <h3 id={`${schemaId(schema.name)}-title`}>
        <a href={`#${schemaId(schema.name)}`}>{schema.name}</a>
      </h3>
      <Prose text={schema.description} />
      {schema.fields.length > 0 ? (
        <Fields caption={`${schema.name} fields`} fields={schema.fields} />
      ) : (
        <p class="body-type">
          <Type type={schema.type} />
        </p>
      )}
    </section>
  )
}

function Contents(props: { reference: Reference }) {
  return (
    <nav class="contents" aria-label="Contents">
      <h2>Contents</h2>
      <ul>
        <li>
          <a href="#overview">Overview</a>
        </li>
        <li>
          <a href="#errors">Errors</a>
        </li>
        {props.reference.sections.map((section) => (
          <li>
            <a href={`#tag-${section.tag}`}>{section.tag}</a>
            <ul class="operations">
              {section.operations.map((operation) => (
                <li>
                  <a href={`#${operation.id}`}>
                    <span class={`method ${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
                    {operation.summary}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <a href="#schemas">Schemas</a>
        </li>
      </ul>
    </nav>
  )
}

function Page(props: { reference: Reference; children: ComponentChildren }) {
  const { reference } = props
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>Canvass API reference</title>
        <link rel="icon" type="image/svg+xml" href="/docs/canvass.svg" />
        <link rel="stylesheet" href="/docs/reference.css" />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to the reference
        </a>
        <header class="top">
          <a class="brand" href="/docs">
            <img src="/docs/canvass.svg" alt="" width="28" height="28" />
            Canvass API reference
          </a>
          <span class="version">version {reference.version}</span>
          <a href="/docs/json">OpenAPI document (JSON)</a>
        </header>
        {props.children}
      </body>
    </html>
  )
}

export function ReferencePage(props: { reference: Reference }) {
  const { reference } = props
  return (
    <Page reference={reference}>
      <div class="layout">
        <Contents reference={reference} />
        <main id="main">
          <section id="overview" aria-labelledby="overview-title">
            <h1 id="overview-title">{reference.title}</h1>
            <Prose text={reference.description} />
            <h2>Servers</h2>
            <ul>
              {reference.servers.map((server) => (
                <li>
                  <code>{server.url}</code> <Inline text={server.description ?? ''} />
                </li>
              ))}
            </ul>
            <h2>Authentication</h2>
            <dl class="security">
              {reference.security.map((scheme) => (
                <>
                  <dt>{scheme.name}</dt>
                  <dd>
                    <Inline text={scheme.description} />
                  </dd>
                </>
              ))}
            </dl>
          </section>
          <section id="errors" aria-labelledby="errors-title">
            <h2 id="errors-title">Errors</h2>
            <p>
              Every failure is a problem document (<a href="#schema-Problem">Problem</a>,{' '}
              <code>application/problem+json</code>). These statuses mean the same in every operation that
              lists them:
            </p>
            <dl class="security">
              {reference.errors.map((error) => (
                <>
                  <dt id={`error-${error.status}`}>{error.status}</dt>
                  <dd>
                    <Inline text={error.description} />
                  </dd>
                </>
              ))}
            </dl>
          </section>
          {reference.sections.map((section) => (
            <section class="tag" id={`tag-${section.tag}`} aria-labelledby={`tag-${section.tag}-title`}>
              <h2 id={`tag-${section.tag}-title`}>{section.tag}</h2>
              <Prose text={section.description} />
              {section.operations.map((operation) => (
                <Operation operation={operation} />
              ))}
            </section>
          ))}
          <section id="schemas" aria-labelledby="schemas-title">
            <h2 id="schemas-title">Schemas</h2>
            <p>The named resources of the API, linked from the operations above.</p>
            {reference.schemas.map((schema) => (
              <SchemaSection schema={schema} />
            ))}
          </section>
        </main>
      </div>
    </Page>
  )
}

export function renderReferencePage(reference: Reference): string {
  return `<!doctype html>${renderToString(<ReferencePage reference={reference} />)}`
}
