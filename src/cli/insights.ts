import type { Command } from 'commander'
import { soleReaderMemory } from '../domain/insights/scan.js'
import { insightsService } from '../domain/insights/service.js'
import type { Insights, QuestionInsights } from '../domain/insights/summary.js'
import { parseTimeSpan, type TimeSpan } from './options.js'
import { withDatabase } from './setup.js'

// `canvass insights <form_id>`: the insights document as a table with small bar charts, for
// people who live in a shell; `canvass insights rebuild [--form F]` recomputes the figures.

const BAR_WIDTH = 30

function bar(count: number, most: number): string {
  const cells = most === 0 ? 0 : Math.round((count / most) * BAR_WIDTH)
  return '█'.repeat(cells) + (count > 0 && cells === 0 ? '▏' : '')
}

function rows(entries: [string, number][], total: number): string[] {
  const most = Math.max(0, ...entries.map(([, count]) => count))
  const width = Math.max(0, ...entries.map(([label]) => label.length))
  return entries.map(([label, count]) => {
    const percent = total === 0 ? '' : ` ${((100 * count) / total).toFixed(1).padStart(5)} %`
    return `    ${label.padEnd(width)}  ${String(count).padStart(7)}${percent}  ${bar(count, most)}`
  })
}

function questionLines(question: QuestionInsights, responses: number): string[] {
  // Shown beside answered when some responses' paths left the question out.
  const shown =
    question.shown !== undefined && question.shown < responses ? ` of ${question.shown} shown` : ''
  const lines = [`  ${question.title}  (${question.type}, ${question.answered} answered${shown})`]
  if (question.distribution) {
    lines.push(...rows(Object.entries(question.distribution), question.answered))
    lines.push(`    mean: ${question.mean ?? '-'}`)
  }
  if (question.nps) {
    const { promoters, passives, detractors, score } = question.nps
    lines.push(
      `    NPS: ${score ?? '-'}  (promoters ${promoters}, passives ${passives}, detractors ${detractors})`,
    )
  }
  if (question.csat)
    lines.push(`    CSAT: ${question.csat.percent ?? '-'} %  (${question.csat.satisfied} satisfied)`)
  if (question.yes !== undefined && question.no !== undefined) {
    lines.push(
      ...rows(
        [
          ['yes', question.yes],
          ['no', question.no],
        ],
        question.answered,
      ),
    )
  }
  if (question.choices) {
    lines.push(
      ...rows(
        question.choices.map((choice) => [choice.label, choice.count]),
        question.answered,
      ),
    )
  }
  return lines
}

export function renderInsights(insights: Insights): string {
  const lines = [`form ${insights.form_id}: ${insights.responses} responses`, '']
  for (const question of insights.questions) lines.push(...questionLines(question, insights.responses), '')
  if (insights.variables.length > 0) {
    lines.push('  variables')
    for (const v of insights.variables)
      lines.push(`    ${v.name}: mean ${v.mean ?? '-'}, min ${v.min ?? '-'}, max ${v.max ?? '-'}`)
    lines.push('')
  }
  const { funnel } = insights
  if (funnel.started > 0) {
    lines.push('  funnel (respondents by when they started)')
    lines.push(
      ...rows(
        [
          ['started', funnel.started],
          ...funnel.pages.map((page): [string, number] => [`reached ${page.id}`, page.reached]),
          ['completed', funnel.completed],
        ],
        funnel.started,
      ),
    )
    lines.push('')
  }
  if (insights.timeline.length > 0) {
    lines.push('  responses per day (UTC)')
    lines.push(
      ...rows(
        insights.timeline.map((day) => [day.date, day.responses]),
        0,
      ),
    )
  }
  return lines.join('\n')
}

export function registerInsightsCommands(program: Command): void {
  program
    .command('insights <form_id>')
    .description('print the insights of a form (`insights rebuild [--form F]` recomputes the figures)')
    .option(
      '--since <time>',
      'only responses submitted at or after this time: a date (2026-11-25, UTC), ISO 8601 or Unix seconds',
      parseTimeSpan,
    )
    .option(
      '--until <time>',
      'only responses submitted at or before this time (a date: all of that day)',
      parseTimeSpan,
    )
    .option('--form <id>', 'with `rebuild`: only this form')
    .action(async (target: string, options: { since?: TimeSpan; until?: TimeSpan; form?: string }) => {
      if (target === 'rebuild') {
        const rebuilt = await withDatabase((database) => insightsService(database).rebuild(options.form))
        if (options.form !== undefined && rebuilt.length === 0) {
          console.error(`no form with id ${options.form}`)
          process.exitCode = 1
          return
        }
        for (const form of rebuilt) console.log(`rebuilt ${form.formId}: ${form.responses} responses`)
        console.log(`${rebuilt.length} form(s) rebuilt`)
        return
      }
      const insights = await withDatabase(async (database) => {
        const form = await database.db
          .selectFrom('forms')
          .select('workspace_id')
          .where('id', '=', target)
          .executeTakeFirst()
        if (!form) return undefined
        const since = options.since?.first
        const until = options.until?.last
        return insightsService(database).summary(
          form.workspace_id,
          target,
          { since, until },
          soleReaderMemory(),
        )
      })
      if (!insights) {
        console.error(`no form with id ${target}`)
        process.exitCode = 1
        return
      }
      console.log(renderInsights(insights))
    })
}
