import { expect, it } from 'vitest'
import { FIRST_SCREEN_ANSWERS_ID } from './first-screen-answers'

// The server writes the block under this id and the app looks it up by it (decision 0039): it must
// be an id `getElementById` can find, so never empty, and free of spaces and quotes that would end
// the attribute the server writes.
it('names a block the app can find in the page the server wrote', () => {
  expect(FIRST_SCREEN_ANSWERS_ID).toMatch(/^[A-Za-z][\w-]*$/)
})
