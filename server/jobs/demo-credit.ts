/** What each demo member has to bid with: 500.00 (decision 0026). */
export const DEMO_STARTING_CREDIT = 50_000
