// Canvass hosted form enhancement: focus the error summary, show how far along the
// respondent is, keep typed values in this tab, and tell an embedding page its height.
;(() => {
  const form = document.querySelector('form[data-form-id]')
  const summary = document.querySelector('.error-summary')
  if (summary) summary.focus()

  if (form) {
    const key = `canvass:${form.dataset.formId}`
    const names = [...new Set([...form.elements].map((e) => e.name).filter((n) => n && !n.includes(':')))]
    const answered = () => names.filter((n) => new FormData(form).getAll(n).some((v) => v !== '')).length
    const hint = document.getElementById('progress-hint')
    if (hint && names.length > 4) {
      const bar = document.createElement('div')
      bar.className = 'progress'
      bar.innerHTML = '<progress max="1" value="0" aria-label="Answered so far"></progress>'
      hint.parentElement.after(bar)
      const progress = bar.firstChild
      const original = hint.textContent
      const update = () => {
        const done = answered()
        progress.max = names.length
        progress.value = done
        hint.textContent = `${original} · ${done} answered`
      }
      form.addEventListener('input', update)
      form.addEventListener('change', update)
      window.addEventListener('load', update)
    }
    // Auto-save within the tab only: a fresh page (no server-kept values) restores them.
    try {
      if (!summary) {
        const saved = JSON.parse(sessionStorage.getItem(key) || '{}')
        for (const el of form.elements) {
          const value = saved[el.name]
          if (!value || el.name.includes(':')) continue
          if (el.type === 'radio' || el.type === 'checkbox') el.checked = value.includes(el.value)
          else el.value = value[0] ?? ''
        }
      }
      form.addEventListener('input', () => {
        const data = {}
        for (const n of names) data[n] = new FormData(form).getAll(n)
        sessionStorage.setItem(key, JSON.stringify(data))
      })
      form.addEventListener('submit', () => sessionStorage.removeItem(key))
    } catch {}
  }
  if (location.pathname.endsWith('/thanks')) {
    try {
      for (const k of Object.keys(sessionStorage)) if (k.startsWith('canvass:')) sessionStorage.removeItem(k)
    } catch {}
  }

  if (window.parent !== window) {
    const send = () =>
      window.parent.postMessage(
        { canvass: 'height', height: Math.ceil(document.documentElement.getBoundingClientRect().height) },
        '*',
      )
    new ResizeObserver(send).observe(document.documentElement)
    send()
  }
})()
