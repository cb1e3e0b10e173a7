/**
 * The id of the page's `<script type="application/json">` that carries the first screen's API
 * answers (decision 0039): the server writes it, the app's HTTP client reads it. A module of its
 * own: the app's entry needs only this, not the list's query rules first-screen.ts runs on.
 * common/first-screen-answers.test.ts checks that the page finds the block by it.
 */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers'
