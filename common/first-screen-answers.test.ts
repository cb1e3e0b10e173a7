import { expect, it } from 'vitest'
import { FIRST_SCREEN_ANSWERS_ID } from './first-screen-answers'

// The server writes the block under this id and the app looks it up by it (decision 0039): it must
// be an id the document can find (an empty one never is), and name no other element of the shell.
it('names a block the app can find in the page the server wrote', () => {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">{}</script>`
  expect(document.getElementById(FIRST_SCREEN_ANSWERS_ID)?.getAttribute('type')).toBe(
    'application/json',
  )
  document.body.innerHTML = ''
})
