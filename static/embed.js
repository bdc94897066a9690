// Canvass embed: <div data-canvass-form="frm_x"></div><script src="https://host/embed.js" async></script>
// shows the form in an iframe that takes the height of its content.
;(() => {
  const script = document.currentScript
  const origin = new URL(script ? script.src : '/', location.href).origin
  const frames = []
  const mount = (el) => {
    if (el.dataset.canvassMounted) return
    el.dataset.canvassMounted = '1'
    const frame = document.createElement('iframe')
    frame.src = `${origin}/f/${encodeURIComponent(el.dataset.canvassForm)}${location.search}`
    frame.title = el.dataset.canvassTitle || 'Form'
    frame.style.cssText = 'width:100%;border:0;display:block;height:600px'
    frame.setAttribute('loading', 'lazy')
    el.appendChild(frame)
    frames.push(frame)
  }
  window.addEventListener('message', (event) => {
    if (event.origin !== origin || !event.data || event.data.canvass !== 'height') return
    const frame = frames.find((f) => f.contentWindow === event.source)
    const height = Number(event.data.height)
    if (frame && height > 0 && height < 100000) frame.style.height = `${height}px`
  })
  const scan = () => document.querySelectorAll('[data-canvass-form]').forEach(mount)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan)
  else scan()
})()
