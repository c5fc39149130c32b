// Starts the web app on a page the server has drawn, and keeps what the visitor does before it is
// live. The scripts start after the page's first paint, so they do not compete with the styles and
// the first images for a slow line; the page names them in data-entry (the app) and data-preload
// (what the app and the page import, fetched side by side).
//
// Until the app has taken the page over (it sends 'toptan:live'), the page is HTML only: a typed
// value would be reset by the app, a button would do nothing and a form would be sent the plain HTML
// way. So typed values are noted, and presses of buttons and form submissions are held, then given
// to the app once it is live, in their order.
;(() => {
  const script = document.currentScript
  const entry = script?.dataset.entry
  if (!entry) return

  // Images the page drew that have arrived are marked, so their skeleton goes at once by CSS
  // (ProductImage.module.css) rather than when the app's first effects run, seconds later on a slow
  // phone. What arrives later is marked as it arrives (load does not bubble: caught on the way down).
  const markLoaded = (image) => {
    if (image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0) {
      image.setAttribute('data-loaded', '')
    }
  }
  for (const image of document.images) markLoaded(image)
  document.addEventListener('load', (event) => markLoaded(event.target), true)

  const typed = new Map()
  const held = []
  const noteTyping = (event) => {
    const field = event.target
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      typed.set(
        field,
        field.type === 'checkbox' || field.type === 'radio'
          ? { checked: field.checked }
          : { value: field.value },
      )
    }
  }
  const hold = (event) => {
    const target =
      event.type === 'submit'
        ? event.target
        : event.target.closest?.('button, [role="button"], input[type="submit"]')
    if (!target) return
    event.preventDefault()
    event.stopImmediatePropagation()
    if (event.type === 'click') held.push(target)
    else if (!held.includes(target)) held.push(target)
  }
  // What was typed while the page was still arriving, before this script ran.
  for (const field of document.querySelectorAll('input, textarea')) {
    const changed =
      field.type === 'checkbox' || field.type === 'radio'
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue
    if (changed) noteTyping({ target: field })
  }
  document.addEventListener('input', noteTyping, true)
  document.addEventListener('change', noteTyping, true)
  document.addEventListener('click', hold, true)
  document.addEventListener('submit', hold, true)

  // Writes a value past React's own record of it, then says so with the event React listens to (a
  // box is set to the other state and clicked, which React reads as the change it is).
  const give = (field, state) => {
    const key = 'checked' in state ? 'checked' : 'value'
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)?.set
    if (!setter) return
    if (key === 'checked') {
      field.checked = !state.checked
      field.click()
      return
    }
    // Through the field's own property React notes a value it will see as old; past it, the typed one.
    field.value = state.value === '' ? ' ' : ''
    setter.call(field, state.value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }

  window.addEventListener(
    'toptan:live',
    () => {
      document.removeEventListener('input', noteTyping, true)
      document.removeEventListener('change', noteTyping, true)
      document.removeEventListener('click', hold, true)
      document.removeEventListener('submit', hold, true)
      for (const [field, state] of typed) if (field.isConnected) give(field, state)
      setTimeout(() => {
        for (const target of held) {
          if (!target.isConnected) continue
          if (target instanceof HTMLFormElement) target.requestSubmit()
          else target.click()
        }
      }, 0)
    },
    { once: true },
  )

  const start = () => {
    for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    import(entry).catch((error) => console.error('Toptan could not start', error))
  }
  requestAnimationFrame(() => setTimeout(start, 0))
})()
