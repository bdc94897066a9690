import { startFlow } from './flow'
import { startPage } from './page'

// The hosted script of a form of several pages (served as /static/flow.js, built by `npm run
// build`): the page-wide parts, and the flow engine (flow.ts) the one-page script does without.

startPage()
const form = document.querySelector<HTMLFormElement>('form[data-form-id][data-flow]')
if (form) startFlow(form)
