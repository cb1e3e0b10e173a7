import type { Queryable } from '../../db/types.ts'

/** The seller's text changes to a lot (each left as it is when undefined); bumps its version. */
export async function updateLotText(
  db: Queryable,
  lotId: string,
  change: {
    title?: string | undefined
    description?: string | undefined
    nextSteps?: string | undefined
  },
) {
  await db.query(
    `update lots
        set title = coalesce($2, title),
            description = coalesce($3, description),
            next_steps = coalesce($4, next_steps),
            version = version + 1,
            updated_at = now()
      where id = $1`,
    [lotId, change.title ?? null, change.description ?? null, change.nextSteps ?? null],
  )
}
